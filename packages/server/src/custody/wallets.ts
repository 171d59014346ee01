import { randomUUID } from 'node:crypto'
import { custodyStatement, type CreateWalletRequest } from '@latch/core/api'
import { eq } from 'drizzle-orm'
import { verifyMessage } from 'viem'
import type { UserRow } from '../auth/accounts.js'
import { mailApprovalLink } from '../auth/device-approval.js'
import type { Requester } from '../auth/request.js'
import { AuthError } from '../auth/errors.js'
import { enforceLimits } from '../auth/limits.js'
import { mailLimits } from '../auth/mail.js'
import { shareReleaseMail } from '../auth/mail-templates.js'
import {
  authSessions,
  custodyReleases,
  custodyVault,
  custodyWallets,
  devices,
} from '../db/schema.js'
import type { CustodyDeps } from './context.js'
import {
  custodyUnavailable,
  deviceNotApproved,
  invalidSignature,
  noWallet,
  recoveryNeedsLogin,
  walletExists,
} from './errors.js'
import { openShare, sealShare, type CustodyKey } from './seal.js'

// The wallet's two server-held shares: written once, when the frame creates the key, and read
// only to help an approved device that has just signed in rebuild it. The server never combines
// them itself, and the two live in tables (possibly databases) it never joins.

type WalletRow = typeof custodyWallets.$inferSelect

function requireKey(deps: CustodyDeps): CustodyKey {
  if (!deps.key) throw custodyUnavailable('the server has no custody key')
  return deps.key
}

export async function findWallet(
  deps: CustodyDeps,
  userId: string,
): Promise<WalletRow | undefined> {
  const [wallet] = await deps.auth.db
    .select()
    .from(custodyWallets)
    .where(eq(custodyWallets.userId, userId))
    .limit(1)
  return wallet
}

/**
 * Creates the user's wallet: checks that the key of `address` signed the custody statement, seals
 * the vault share into the vault, then writes the server share. The vault row goes first, so a
 * wallet row never exists without it; if the wallet row loses a race it is taken back.
 * @throws CustodyError 409 when the user (or the address) has a wallet, 400 on a bad signature.
 */
export async function createWallet(
  deps: CustodyDeps,
  user: UserRow,
  request: CreateWalletRequest,
): Promise<WalletRow> {
  const key = requireKey(deps)
  const valid = await verifyMessage({
    address: request.address as `0x${string}`,
    message: custodyStatement(user.id, request.address),
    signature: request.signature as `0x${string}`,
  }).catch(() => false)
  if (!valid) throw invalidSignature()
  if (await findWallet(deps, user.id)) throw walletExists()
  const now = new Date(deps.auth.now())
  const id = randomUUID()
  const vault = await deps.vault()
  const sealed = sealShare(key, request.vaultShare, {
    walletId: id,
    userId: user.id,
    address: request.address,
  })
  await vault
    .insert(custodyVault)
    .values({ walletId: id, ...sealed, keyId: key.id, createdAt: now })
  const [created] = await deps.auth.db
    .insert(custodyWallets)
    .values({
      id,
      userId: user.id,
      address: request.address,
      serverShare: request.serverShare,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning()
  if (!created) {
    await vault.delete(custodyVault).where(eq(custodyVault.walletId, id))
    throw walletExists()
  }
  return created
}

/** The login a recovery rests on: the session and the device that made the request. */
export interface RecoveryLogin {
  user: UserRow
  sessionId: string
  /** Where an approval link, if one must be mailed, leads back to. */
  projectId: string
  ip: string
  /** The app and browser a release notice, or an approval link, names. */
  notice: Requester
}

/**
 * Checks that the session's device may receive shares: it is approved (by the email login's code
 * or link, or by another device: a social or Farcaster sign-in alone never approves one), and
 * the session began, or the device was approved, less than `recoveryWindowSeconds` ago. An
 * unapproved device of an account with an address is mailed an approval link (within the mail
 * limits), so the person can approve it and try again.
 * @returns the session's device.
 * @throws CustodyError 403 DEVICE_NOT_APPROVED or RECOVERY_NEEDS_LOGIN.
 */
async function recoveryDevice(deps: CustodyDeps, login: RecoveryLogin): Promise<string> {
  const now = deps.auth.now()
  const [session] = await deps.auth.db
    .select({
      createdAt: authSessions.createdAt,
      deviceId: authSessions.deviceId,
      approvedAt: devices.approvedAt,
    })
    .from(authSessions)
    .innerJoin(devices, eq(devices.id, authSessions.deviceId))
    .where(eq(authSessions.id, login.sessionId))
    .limit(1)
  if (!session) throw recoveryNeedsLogin()
  if (session.approvedAt === null) {
    const { email } = login.user
    if (email === null) throw deviceNotApproved(false)
    try {
      // A device not yet approved: not trusted (see mailLimits).
      await enforceLimits(deps.auth, mailLimits(deps.auth, email, login.ip, { trusted: false }))
      await mailApprovalLink(deps.auth, email, session.deviceId, {
        projectId: login.projectId,
        ip: login.ip,
        ...login.notice,
      })
    } catch (error) {
      // Over the mail limit, a link went out a moment ago: the refusal says where it is.
      if (!(error instanceof AuthError && error.code === 'RATE_LIMITED')) throw error
    }
    throw deviceNotApproved(true)
  }
  const freshSince = Math.max(session.createdAt.getTime(), session.approvedAt.getTime())
  if (now - freshSince > deps.config.recoveryWindowSeconds * 1000) throw recoveryNeedsLogin()
  return session.deviceId
}

/** Which share a recovery call asks for: share 2 (`server`) or share 3 (`vault`). */
export type ShareName = 'server' | 'vault'

/** Share 3, opened from the vault. @throws CustodyError 503 when it cannot be. */
async function openVaultShare(deps: CustodyDeps, key: CustodyKey, wallet: WalletRow) {
  const vault = await deps.vault()
  const [row] = await vault
    .select()
    .from(custodyVault)
    .where(eq(custodyVault.walletId, wallet.id))
    .limit(1)
  if (!row) throw custodyUnavailable('the vault share is missing')
  if (row.keyId !== key.id) throw custodyUnavailable('the vault share was sealed with another key')
  const vaultShare = openShare(key, row, {
    walletId: wallet.id,
    userId: wallet.userId,
    address: wallet.address,
  })
  if (vaultShare === undefined) throw custodyUnavailable('the vault share does not open')
  return vaultShare
}

/**
 * Releases one share (2 or 3: never both in one answer, see CUSTODY_API_PATHS) to the approved
 * device of a fresh session (see recoveryDevice), and records the release. A session kept alive
 * by refreshes, or a token stolen later, cannot reach them.
 * @throws CustodyError 403 DEVICE_NOT_APPROVED or RECOVERY_NEEDS_LOGIN, 404 NO_WALLET, 503 when
 * the server has no custody key or the vault share cannot be opened (another key, a damaged row).
 */
export async function releaseShare(
  deps: CustodyDeps,
  login: RecoveryLogin,
  share: ShareName,
): Promise<{ address: string; share: string }> {
  const key = requireKey(deps)
  const now = deps.auth.now()
  const deviceId = await recoveryDevice(deps, login)
  const wallet = await findWallet(deps, login.user.id)
  if (!wallet) throw noWallet()
  const value = share === 'server' ? wallet.serverShare : await openVaultShare(deps, key, wallet)
  await deps.auth.db.insert(custodyReleases).values({
    id: randomUUID(),
    walletId: wallet.id,
    deviceId,
    sessionId: login.sessionId,
    share,
    releasedAt: new Date(now),
  })
  // Share 3 is the one that completes the key: its release is what the user is told of.
  if (share === 'vault' && login.user.email !== null) {
    const mail = shareReleaseMail(login.user.email, { ...login.notice, at: new Date(now) })
    // A mail server down does not keep a user from their wallet; the operator is told.
    await deps.auth.mailer.send(mail).catch((error: unknown) => deps.auth.log(error))
  }
  return { address: wallet.address, share: value }
}
