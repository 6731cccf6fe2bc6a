import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';

// vite-plugin-relay runs babel-plugin-relay, which turns each graphql`...` literal into an import
// of the artifact relay-compiler wrote in __generated__/ (it reads relay.config.json).
export default defineConfig({ plugins: [react(), relay] });
