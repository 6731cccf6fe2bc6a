# The gateway as a container: compiled in one stage, run with production dependencies only,
# as the unprivileged `node` user, by plain Node (no tsx, no TypeScript at run time).
#   docker build -t media-catalog-gateway .
#   docker run -p 4000:4000 -e CATALOG_BASE_URL=https://api.themoviedb.org/3 -e CATALOG_ACCESS_TOKEN=... media-catalog-gateway

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The catalog workspace package (a development dependency): the compiler checks src/index.ts's
# import of it but never emits it, so it stays in this stage.
COPY packages/catalog/package.json ./packages/catalog/
COPY packages/catalog/src ./packages/catalog/src
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

FROM node:24-bookworm-slim AS dependencies
WORKDIR /app
# No packages/ here: without the workspace folder, npm installs no catalog (test/production/build.test.ts).
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=4000 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=dependencies --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
USER node
EXPOSE 4000
# Node's own fetch: the slim image has no curl or wget.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests in flight (SHUTDOWN_TIMEOUT_MS), then exits 0.
STOPSIGNAL SIGTERM
# The heap is npm start's, and MAX_RESPONSE_BYTES (16 MiB) is chosen with it: raise both together
# (docs/performance.md, "Answer size and slow readers").
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "dist/index.js"]
