/**
 * A server started as `npm start` starts the gateway: the environment variables and node flags of
 * package.json's start script, read from it at every run (so the bench follows any change to
 * them, NODE_ENV included), with the compiled build as the entry. Nothing else is added to the
 * environment but the addresses and the settings a figure asks for.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { waitForReady } from './child-server.ts';

export interface NpmStartCommand {
  env: Record<string, string>;
  nodeFlags: string[];
  /** As printed in the report. */
  text: string;
}

/** `A=1 B=2 node --flag src/index.ts` → env {A, B} and the flags; the entry becomes `entry`. */
export function npmStartCommand(entry = 'dist/index.js'): NpmStartCommand {
  const script: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`package.json start script does not run node: ${script}`);
  const nodeFlags = words.filter((word) => word.startsWith('-'));
  const envText = Object.entries(env).map(([name, value]) => `${name}=${value} `);
  return { env, nodeFlags, text: `${envText.join('')}node ${[...nodeFlags, entry].join(' ')}` };
}

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `entry` as npm start would (the gateway, or a floor for like-for-like figures). */
export async function startAsNpmStart(entry: string, env: Record<string, string>, moreNodeFlags: string[] = []): Promise<ServerProcess> {
  const command = npmStartCommand(entry);
  // NODE_ENV is whatever the start script says it is: unset unless it sets it.
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [...command.nodeFlags, ...moreNodeFlags, entry], {
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', ...command.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url } = await waitForReady(child, entry);
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
