import { Hono } from 'hono'
import { etag } from 'hono/etag'
import type { RouteDeps } from '../deps.js'
import { findImage, imageParamsSchema, type ImageKind } from '../directory/images.js'
import { HttpError } from '../http/errors.js'
import type { ProjectEnv } from '../http/project.js'
import { parseRequest } from '../http/validate.js'

/** SPEC §7's image routes and the family of images each serves. */
const IMAGE_ROUTES: readonly (readonly [path: string, kind: ImageKind])[] = [
  ['/getWalletImage/:id', 'wallet'],
  ['/public/getAssetImage/:id', 'asset'],
  ['/public/getCurrencyImage/:id', 'currency'],
  ['/public/getTokenImage/:id', 'token'],
]

/**
 * The headers of every image. Most images are SVG, which is a document that can hold script:
 * `nosniff` stops a browser from reading the bytes as anything but their declared type, and the
 * CSP (no source of any kind, inline styles only, sandboxed) keeps an SVG opened on its own,
 * outside an `<img>`, from running script or loading anything. `cross-origin` lets a host page
 * that sets COEP embed them. A day's cache, then a week of revalidation in the background by the
 * ETag: an image changes only when an operator changes the seed.
 */
const IMAGE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
  'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
  // An <img> asks without Origin and gets no CORS grant; a cache must not hand that answer to a
  // page that fetches with one.
  vary: 'Origin',
}

/**
 * SPEC §7 `GET /getWalletImage/{id}`, `/public/getAssetImage/{id}`, `/public/getCurrencyImage/{id}`
 * and `/public/getTokenImage/{id}`: the image's bytes from the images table, as every instance
 * seeded it. A malformed id is a 400 with its issue; an unknown one a 404 (both JSON).
 */
export function imageRoutes(deps: RouteDeps) {
  const app = new Hono<ProjectEnv>()
  for (const [path, kind] of IMAGE_ROUTES) {
    app.get(path, etag(), async (c) => {
      const { id } = parseRequest(imageParamsSchema, c.req.param(), 'image id')
      const image = await findImage(deps.db, kind, id)
      if (!image) throw new HttpError(404, 'Image not found')
      return c.body(new Uint8Array(image.bytes), 200, {
        ...IMAGE_HEADERS,
        'content-type': image.contentType,
      })
    })
  }
  return app
}
