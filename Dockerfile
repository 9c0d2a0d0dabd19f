# Sagacity Bites for a church server: one container, one SQLite file on a volume.
#   docker build -t sagacity-bites .
#   docker run -d -p 3000:3000 -v sagacity-data:/data --name sagacity sagacity-bites
# Reached by a name, at the host's address (the container does not see it) or on another host port
# (-p 8080:3000), add -e ALLOWED_HOSTS=study.example.org (or -e ALLOWED_HOSTS=192.168.1.10:8080): other
# names get 421 (docs/adr/0001-host-allowlist.md). Reset mails (SMTP_HOST) need -e PUBLIC_URL=https://...
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/sagacity.db
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/db ./db
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
