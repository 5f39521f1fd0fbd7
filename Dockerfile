# Tollgate: one node. Alone it keeps its SQLite database in the /data volume; with SQL_DSN (and
# REDIS_CONN_STRING) several of them share PostgreSQL or MySQL (see docker-compose.yml).
#   docker build -t tollgate .
#   docker run -p 3000:3000 -v tollgate-data:/data -e SESSION_SECRET=change-me tollgate

# Production dependencies only, compiled for this image (better-sqlite3 is native; its prebuilt binary is
# used when one matches, the compilers are the fallback and stay in this stage; packages/memory-trim, the
# malloc_trim addon, is always compiled here).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY packages/memory-trim/ packages/memory-trim/
RUN npm ci --omit=dev --workspace apps/server --workspace packages/contract --workspace packages/memory-trim --no-audit --no-fund

# Everything, to build the contract package, the server and the console.
FROM deps AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    SQLITE_PATH=/data/one-api.db
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contract/package.json ./packages/contract/
COPY --from=build /app/packages/contract/dist ./packages/contract/dist
COPY --from=deps /app/packages/memory-trim ./packages/memory-trim
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# `npm run tollgate -- …` (the configuration command line) finds no source here and runs the build.
COPY --from=build /app/scripts/tollgate.mjs ./scripts/
# The image's own user (uid 1000) owns the data folder; a named volume mounted there inherits that.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The README's start command: V8 takes the semi-space size only on the command line. Node is PID 1 and
# handles SIGTERM itself (graceful shutdown: running requests finish, usage is flushed).
CMD ["node", "--max-semi-space-size=16", "apps/server/dist/main.js"]
