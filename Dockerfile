# syntax=docker/dockerfile:1
# The reference server with the visitor page and the agent console, built from this repository
# alone (npm registry and Debian packages only). Small and non-root:
#   docker build -t parley .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e SEED_FILE=/config/seed.json -v ./config:/config parley
# Two instances behind a proxy, with PostgreSQL: docker compose up (compose.yaml).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/chat-protocol/package.json packages/chat-protocol/
COPY packages/chat-core/package.json packages/chat-core/
COPY packages/agent-core/package.json packages/agent-core/
COPY packages/chat-ui/package.json packages/chat-ui/
COPY packages/languages/package.json packages/languages/
COPY apps/server/package.json apps/server/
COPY apps/visitor/package.json apps/visitor/
COPY apps/console/package.json apps/console/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npx turbo run build --filter=@parley/server --filter=@parley/visitor --filter=@parley/console

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Only what the server runs: its production dependencies and the built contract it imports.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/chat-protocol/package.json packages/chat-protocol/
COPY --from=build /app/packages/chat-protocol/dist packages/chat-protocol/dist
COPY --from=build /app/packages/chat-core/package.json packages/chat-core/
COPY --from=build /app/packages/agent-core/package.json packages/agent-core/
COPY --from=build /app/packages/chat-ui/package.json packages/chat-ui/
COPY --from=build /app/packages/languages/package.json packages/languages/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/visitor/package.json apps/visitor/
COPY --from=build /app/apps/console/package.json apps/console/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace @parley/server \
  && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/migrations apps/server/migrations
COPY --from=build /app/apps/server/seed apps/server/seed
COPY --from=build /app/apps/visitor/dist apps/visitor/dist
COPY --from=build /app/apps/console/dist apps/console/dist
RUN mkdir /data && chown node:node /data
USER node
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    VISITOR_DIST=/app/apps/visitor/dist \
    CONSOLE_DIST=/app/apps/console/dist
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM drains: the server stops being ready, answers held polls, finishes requests, exits.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
