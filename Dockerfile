# syntax=docker/dockerfile:1
# carbon's container image: `carbon start` (the Slack and Discord bot) by default; `carbon serve`
# with `docker run … serve`. Multi-stage: the build stage compiles TypeScript with the dev
# dependencies; the runtime stage has the compiled code, the production dependencies and the data.
# Not built on the project's own machines (they run no Docker engine): docs/deploy.md.

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would build before the sources are here; the build runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    CARBON_DATA_DIR=/data \
    PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json manifest.yml openapi.yaml ./
COPY data/*.json ./data/
COPY data/curated ./data/curated
# The embedded database's directory, for a single container without DATABASE_URL; mount a volume.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The image's own unprivileged user (uid 1000), not root.
USER node
EXPOSE 3000
# Liveness of the bot's HTTP server (Slack HTTP mode, Discord HTTP interactions); readiness (/readyz)
# is for the load balancer. node, not curl: the slim image has no curl. Socket Mode and gateway-only
# deployments open no port: run them with --no-healthcheck.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 (exec form, no shell in between), so `docker stop`'s SIGTERM reaches carbon's
# own handler: readiness fails, lookups in flight finish, then it exits.
ENTRYPOINT ["node", "dist/cli/main.js"]
CMD ["start"]
