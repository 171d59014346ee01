import { isAddressForNamespace, profileNameSchema } from '@latch/core/api'
import { sql } from 'drizzle-orm'
import * as z from 'zod'
import type { Db } from '../db/database.js'
import { NAME_NAMESPACES, names } from '../db/schema.js'
import { storedAddress } from '../routes/profile-names.js'

/** The largest avatar a seed may inline (a `data:` image rides in every lookup's answer). */
const AVATAR_MAX_CHARS = 64 * 1024

/**
 * One name to register at start: a devnet's or a demo's. The address is checked against its
 * namespace (`0x` and 40 hex digits for EVM); the avatar is an https or inline `data:image/` URL.
 */
export const nameSeedSchema = z
  .object({
    name: profileNameSchema,
    address: z.string().max(128),
    namespace: z.enum(NAME_NAMESPACES),
    avatar: z
      .string()
      .max(AVATAR_MAX_CHARS)
      .regex(/^(https:\/\/|data:image\/)/, 'Invalid avatar: expected an https or data:image/ URL')
      .optional(),
  })
  .refine(
    (seed) =>
      isAddressForNamespace(seed.namespace, seed.address) &&
      (seed.namespace !== 'eip155' || seed.address.startsWith('0x')),
    { message: 'Invalid address for its namespace', path: ['address'] },
  )

export type NameSeed = z.input<typeof nameSeedSchema>

/**
 * Registers `seeds` in the names table, each replacing the name's address and avatar if it is
 * there already (a restart on kept data), its registration time kept. All are checked first, so a
 * bad entry writes none.
 * @throws Error naming the first entry that fails {@link nameSeedSchema}.
 */
export async function seedNames(db: Db, seeds: readonly NameSeed[]): Promise<void> {
  const rows = seeds.map((seed, index) => {
    const result = nameSeedSchema.safeParse(seed)
    if (!result.success) {
      const issue = result.error.issues[0]
      throw new Error(
        `Name seed ${index}.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      )
    }
    const { name, namespace, address, avatar } = result.data
    return { name, namespace, address: storedAddress(namespace, address), avatar: avatar ?? null }
  })
  // One row per name, the last seed winning: one upsert cannot touch a row twice.
  const unique = [...new Map(rows.map((row) => [row.name, row])).values()]
  if (unique.length === 0) return
  await db
    .insert(names)
    .values(unique)
    .onConflictDoUpdate({
      target: names.name,
      set: {
        address: sql`excluded.address`,
        namespace: sql`excluded.namespace`,
        avatar: sql`excluded.avatar`,
      },
    })
}
