# The portal (not the reference upstream). Multi-stage: build with dev dependencies, run with
# production ones only, as the unprivileged `node` user.
#   docker build -t gatehouse-portal .
#   docker run -p 3000:3000 -e SESSION_SECRET=... -e REDIS_URL=redis://redis:6379 \
#     -e AUTH_API_URL=https://auth.example.com/api/v2 -e UPSTREAM_ISSUERS=https://eu.example.com,https://us.example.com gatehouse-portal

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY remix.config.js tsconfig.json ./
COPY app ./app
COPY public ./public
COPY locales ./locales
COPY upstream/contract ./upstream/contract
COPY upstream/tools/bundle.mjs ./upstream/tools/bundle.mjs
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/locales ./locales
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/server.js"]
