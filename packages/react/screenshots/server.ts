import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  origin: string
  close(): Promise<void>
}

/**
 * Serves the files under `root` (the built Storybook) on 127.0.0.1 at a free port: the only
 * host the screenshot pages may reach. Files are kept in memory once read, since every story's
 * page loads the same preview bundle again.
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const cache = new Map<string, Promise<Buffer>>()
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const file = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname))
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(403).end()
      return
    }
    let body = cache.get(file)
    if (!body) {
      body = readFile(file)
      cache.set(file, body)
    }
    body.then(
      (bytes) => {
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          // The pages share a cache: the preview bundle is fetched and compiled once.
          'cache-control': 'max-age=3600',
        })
        response.end(bytes)
      },
      () => {
        cache.delete(file)
        response.writeHead(404).end()
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  if (!address || typeof address === 'string') throw new Error('The static server has no port.')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
