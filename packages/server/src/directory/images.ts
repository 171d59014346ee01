import { WALLET_ID } from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import * as z from 'zod'
import type { Db } from '../db/database.js'
import { images } from '../db/schema.js'

/** The families of images the server serves (the `kind` column of the images table). */
export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

/**
 * An image id: core's directory wallet id (`WALLET_ID`), which also fits a currency code (`USD`)
 * and most token symbols (`USDC`). Nothing else reaches the database.
 */
export const IMAGE_ID = WALLET_ID

/** The `{id}` path parameter of the image routes. */
export const imageParamsSchema = z.object({ id: z.string().regex(IMAGE_ID, 'Invalid image id') })

/** One stored image. */
export interface StoredImage {
  contentType: string
  bytes: Uint8Array
}

/** The image `kind`/`id` as stored, or undefined when there is none. */
export async function findImage(
  db: Db,
  kind: ImageKind,
  id: string,
): Promise<StoredImage | undefined> {
  const [row] = await db
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(and(eq(images.kind, kind), eq(images.id, id)))
    .limit(1)
  return row
}
