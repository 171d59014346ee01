import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { directoryWalletEntrySchema, directoryWallets } from '@latch/core/api'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { withLock } from '../db/database.js'
import { directoryVersion, images, wallets } from '../db/schema.js'

/** One lock for seeding, so instances starting together write the directory once each, in turn. */
const SEED_LOCK = 7_361_824_002

/** A directory entry as stored: core's entry without its image, plus the image's bytes. */
export interface SeedWallet {
  entry: Record<string, unknown> & { id: string }
  image?: { contentType: string; bytes: Uint8Array }
}

/** The bytes of an inline image (`data:image/svg+xml,…` or `;base64,`), or undefined. */
export function decodeDataUrl(url: string): { contentType: string; bytes: Uint8Array } | undefined {
  const match = /^data:(image\/(?:svg\+xml|png|jpeg|webp|gif))(;base64)?,(.*)$/s.exec(url)
  if (!match) return undefined
  const [, contentType, base64, payload] = match
  const bytes = base64
    ? Buffer.from(payload ?? '', 'base64')
    : Buffer.from(decodeURIComponent(payload ?? ''), 'utf8')
  return { contentType: contentType ?? 'application/octet-stream', bytes: new Uint8Array(bytes) }
}

/** Splits a validated entry into what the wallets table and the images table hold. */
function toSeedWallet(entry: { id: string; imageUrl?: string | undefined }): SeedWallet {
  const { imageUrl, ...rest } = entry
  const image = imageUrl ? decodeDataUrl(imageUrl) : undefined
  // An https image stays in the entry (the client loads it from there); an inline one is served
  // by GET /getWalletImage/{id}, which keeps every page of the directory small.
  return {
    entry: image || !imageUrl ? rest : { ...rest, imageUrl },
    ...(image ? { image } : {}),
  }
}

/**
 * The directory's seed: `builtin` is Latch's own list (the one `@latch/core` embeds for hosts
 * without a server); anything else is a JSON file of entries, relative to `baseDir`.
 * @throws Error naming the first entry that fails core's entry schema.
 */
export async function loadDirectorySeed(seed: string, baseDir: string): Promise<SeedWallet[]> {
  if (seed === 'builtin') return directoryWallets.map(toSeedWallet)
  const path = resolve(baseDir, seed)
  const json: unknown = JSON.parse(await readFile(path, 'utf8'))
  if (!Array.isArray(json)) throw new Error(`Directory seed ${path}: must be a JSON array`)
  return json.map((value, index) => {
    const result = directoryWalletEntrySchema.safeParse(value)
    if (!result.success) {
      const issue = result.error.issues[0]
      throw new Error(
        `Directory seed ${path}: entry ${index}.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      )
    }
    return toSeedWallet(result.data)
  })
}

/**
 * Writes the seed as the directory, replacing the previous one, in one transaction under a
 * fleet-wide lock: a reader sees the old directory or the new one, never half of each.
 */
export async function seedDirectory(db: Db, seed: readonly SeedWallet[]): Promise<void> {
  await withLock(db, SEED_LOCK, async (tx) => {
    await tx.delete(wallets)
    await tx.delete(images).where(eq(images.kind, 'wallet'))
    // Readers that kept the previous entries see a new version and read again.
    await tx
      .insert(directoryVersion)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({
        target: directoryVersion.id,
        set: { version: sql`${directoryVersion.version} + 1` },
      })
    if (seed.length === 0) return
    await tx
      .insert(wallets)
      .values(seed.map((w, position) => ({ id: w.entry.id, position, entry: w.entry })))
    const withImages = seed.flatMap((w) =>
      w.image
        ? [
            {
              kind: 'wallet',
              id: w.entry.id,
              contentType: w.image.contentType,
              bytes: w.image.bytes,
            },
          ]
        : [],
    )
    if (withImages.length > 0) await tx.insert(images).values(withImages)
  })
}
