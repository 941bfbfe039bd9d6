# The Data-Import mock as a container: the kit packed as it is published, installed without dev
# dependencies into a small Node image, run as the unprivileged `node` user.
#   docker build -t data-import-mock .
#   docker run --rm -p 4010:4010 -v data-import-state:/data data-import-mock
# PORT and HOST move the server (and the health check follows PORT); arguments after the image
# name replace the default options (`docker run --rm data-import-mock --help`).

FROM node:20.20-alpine AS pack
WORKDIR /kit
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# `npm pack` runs the build (prepack): dist/, as published.
RUN npm pack --pack-destination /tmp

FROM node:20.20-alpine
ENV NODE_ENV=production PORT=4010 HOST=0.0.0.0
WORKDIR /app
COPY --from=pack /tmp/data-import-contract-kit-*.tgz /tmp/kit.tgz
# The package and its peer (msw) from the registry, exactly as a user's project gets them.
RUN echo '{"name":"data-import-mock-image","private":true}' > package.json \
  && npm install --omit=dev --no-audit --no-fund /tmp/kit.tgz \
  && rm /tmp/kit.tgz && npm cache clean --force \
  && mkdir /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4010
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/__mock/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
ENTRYPOINT ["/app/node_modules/.bin/data-import-mock"]
CMD ["--state-file", "/data/state.json"]
