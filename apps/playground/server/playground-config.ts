import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { CONFIG_GLOBAL, CONFIG_PATH, type PlaygroundConfig } from '../src/config.js'

/** The variable the dev command sets to the devnet's configuration (JSON) for vite.config.ts. */
export const PLAYGROUND_CONFIG_ENV = 'LATCH_PLAYGROUND_CONFIG'

/** Reads {@link PLAYGROUND_CONFIG_ENV}; undefined when unset (a plain `vite` without the devnet). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PlaygroundConfig | undefined {
  const raw = env[PLAYGROUND_CONFIG_ENV]
  return raw ? (JSON.parse(raw) as PlaygroundConfig) : undefined
}

/** The classic script that hands the configuration to the page before its module code runs. */
export function configScript(config: PlaygroundConfig | undefined): string {
  return `globalThis[${JSON.stringify(CONFIG_GLOBAL)}] = ${JSON.stringify(config ?? null)};\n`
}

/**
 * Serves {@link CONFIG_PATH} from the dev server and from `vite preview`. The devnet's ports are
 * only known at run time, so they are served rather than compiled in: one build runs against
 * whichever devnet the dev command or a test started.
 */
export function playgroundConfigPlugin(
  getConfig: () => PlaygroundConfig | undefined = () => configFromEnv(),
): Plugin {
  const serve = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.url?.split('?')[0] !== CONFIG_PATH) return next()
    res.setHeader('content-type', 'text/javascript; charset=utf-8')
    res.setHeader('cache-control', 'no-store')
    res.end(configScript(getConfig()))
  }
  return {
    name: 'latch-playground-config',
    configureServer(server) {
      server.middlewares.use(serve)
    },
    configurePreviewServer(server) {
      server.middlewares.use(serve)
    },
  }
}
