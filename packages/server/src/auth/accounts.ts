import { randomUUID } from 'node:crypto'
import type { AuthUser } from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { devices, users } from '../db/schema.js'
import { emailInUse } from './errors.js'
import type { ProvenDevice } from './proof.js'

// Accounts and their devices. A user is found by address (lower case, one account each); a
// device by its key's thumbprint within the account, so one browser key on two accounts is two
// devices, each approved on its own.

export type UserRow = typeof users.$inferSelect
export type DeviceRow = typeof devices.$inferSelect

/** The user as the API shows it. */
export const publicUser = (user: UserRow): AuthUser => ({
  id: user.id,
  // A social login without a verified email made this account: it has none (yet).
  ...(user.email === null ? {} : { email: user.email }),
})

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user
}

export async function findDevice(
  db: Db,
  userId: string,
  jkt: string,
): Promise<DeviceRow | undefined> {
  const [device] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.jkt, jkt)))
    .limit(1)
  return device
}

/**
 * The account's row for this device key, created pending (not approved) if it has none. The
 * insert is conflict-safe: two requests at once make one row.
 */
export async function ensureDevice(
  db: Db,
  userId: string,
  device: ProvenDevice,
  now: Date,
  approved = false,
): Promise<DeviceRow> {
  const [row] = await db
    .insert(devices)
    .values({
      id: randomUUID(),
      userId,
      jkt: device.jkt,
      jwk: device.jwk,
      approvedAt: approved ? now : null,
      createdAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({ target: [devices.userId, devices.jkt], set: { lastSeenAt: now } })
    .returning()
  if (!row) throw new Error('device upsert returned no row')
  return row
}

/**
 * The first login of an address: the account (its address verified by the code just checked)
 * and this device, approved by that same code. When another login made the account first, it is
 * returned with `created: false` and nothing is approved.
 */
export async function createAccount(
  db: Db,
  email: string,
  device: ProvenDevice,
  now: Date,
): Promise<{ user: UserRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ id: randomUUID(), email, emailVerified: true, createdAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning()
    if (created) {
      await ensureDevice(tx, created.id, device, now, true)
      return { user: created, created: true }
    }
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1)
    if (!existing) throw new Error('account vanished during creation')
    return { user: existing, created: false }
  })
}

/** Notes that the device was used (shown to its owner later; never a security decision). */
export async function touchDevice(db: Db, deviceId: string, now: Date): Promise<void> {
  await db.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, deviceId))
}

/** The unique-violation code of PostgreSQL (and PGlite). */
const UNIQUE_VIOLATION = '23505'

/** Whether a failed query broke a unique index (drizzle wraps the driver's error as `cause`). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}

/**
 * Moves an account to a new address.
 * @throws AuthError 409 EMAIL_IN_USE when another account took it meanwhile.
 */
export async function changeEmail(db: Db, userId: string, email: string): Promise<UserRow> {
  try {
    const [user] = await db
      .update(users)
      .set({ email, emailVerified: true })
      .where(eq(users.id, userId))
      .returning()
    if (!user) throw new Error('account vanished during the email update')
    return user
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse()
    throw error
  }
}
