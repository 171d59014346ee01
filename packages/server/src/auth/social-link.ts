import { randomUUID } from 'node:crypto'
import type { SocialProvider } from '@latch/core/api'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { socialIdentities, users } from '../db/schema.js'
import type { UserRow } from './accounts.js'
import type { ProviderProfile } from './social-profile.js'

// Which account a provider's user logs into:
// 1. the account its identity (provider + the provider's stable id) was linked to before: the
//    same embedded wallet on every login, whatever its username or email became since;
// 2. else, when the provider vouches for the email, the account of that address (an email
//    login's, or another provider's that vouched for it): one person, one wallet;
// 3. else a new account, with the email only when it is verified (an unverified address is
//    never written where an email login would find it).

/** Who vouches for an identity: a social provider, or Farcaster (the subject is the fid). */
export type IdentityProvider = SocialProvider | 'farcaster'

/** Raised inside the transaction when another login linked the same identity first. */
class LinkRace extends Error {}

/** The account a login ends in, and the name it is shown under. */
export interface LinkedAccount {
  user: UserRow
  username: string
}

/** A first login's name when the provider told none (Apple tells it on the first consent only). */
const unnamed = (provider: IdentityProvider) =>
  `${provider === 'x' ? 'X' : provider[0]?.toUpperCase()}${provider.slice(1)} user`

async function linkedUser(
  db: Db,
  provider: IdentityProvider,
  profile: ProviderProfile,
  now: Date,
): Promise<LinkedAccount | undefined> {
  const [found] = await db
    .select({ user: users, username: socialIdentities.username })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(
      and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, profile.subject)),
    )
    .limit(1)
  if (!found) return undefined
  // A provider that tells no name this time keeps the one it told before.
  const username = profile.username ?? found.username
  await db
    .update(socialIdentities)
    .set({
      username,
      email: profile.email,
      emailVerified: profile.emailVerified,
      lastLoginAt: now,
    })
    .where(
      and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, profile.subject)),
    )
  return { user: found.user, username }
}

/** The account of a verified address, made if none has it (conflict-safe). */
async function accountOfVerifiedEmail(db: Db, email: string, now: Date): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ id: randomUUID(), email, emailVerified: true, createdAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning()
  if (created) return created
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  if (!existing) throw new Error('account vanished while linking')
  return existing
}

async function newAccountWithoutEmail(db: Db, now: Date): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ id: randomUUID(), email: null, emailVerified: false, createdAt: now })
    .returning()
  if (!created) throw new Error('account insert returned no row')
  return created
}

async function linkOnce(
  db: Db,
  provider: IdentityProvider,
  profile: ProviderProfile,
  now: Date,
): Promise<LinkedAccount> {
  return db.transaction(async (tx) => {
    const linked = await linkedUser(tx, provider, profile, now)
    if (linked) return linked
    const username = profile.username ?? unnamed(provider)
    const user =
      profile.emailVerified && profile.email !== null
        ? await accountOfVerifiedEmail(tx, profile.email, now)
        : await newAccountWithoutEmail(tx, now)
    const [identity] = await tx
      .insert(socialIdentities)
      .values({
        provider,
        subject: profile.subject,
        userId: user.id,
        username,
        email: profile.email,
        emailVerified: profile.emailVerified,
        createdAt: now,
        lastLoginAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: socialIdentities.userId })
    // Rolled back: the account made here (if any) goes with it, and the next try finds the link.
    if (!identity) throw new LinkRace()
    return { user, username }
  })
}

/**
 * The account a provider's user logs into (see above), linking the identity on its first login.
 * Two first logins of one identity at once end in the same account.
 */
export async function linkSocialAccount(
  db: Db,
  provider: IdentityProvider,
  profile: ProviderProfile,
  now: Date,
): Promise<LinkedAccount> {
  try {
    return await linkOnce(db, provider, profile, now)
  } catch (error) {
    if (!(error instanceof LinkRace)) throw error
    return linkOnce(db, provider, profile, now)
  }
}
