import { z } from 'zod'
import { type IdpClient, type IdpUser, type SocialProviderId } from './types.js'

/**
 * The scripted users when none are given: one for each case the Latch server must tell apart.
 * - `alice`: an email the provider verified (may link to an existing email account);
 * - `bob`: an email the provider did not verify (must never link);
 * - `carol`: no email at all (as with X, or a GitHub user who keeps theirs private).
 */
export const DEFAULT_USERS: readonly IdpUser[] = Object.freeze([
  {
    sub: '10001',
    username: 'alice',
    name: 'Alice Example',
    email: 'alice@example.test',
    emailVerified: true,
  },
  {
    sub: '10002',
    username: 'bob',
    name: 'Bob Example',
    email: 'bob@example.test',
    emailVerified: false,
  },
  { sub: '10003', username: 'carol', name: 'Carol Example' },
])

const jwkSchema = z
  .object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() })
  .loose()
  .refine((jwk) => !('d' in jwk), 'must be the public key: it holds "d"')

const appleKeySchema = z.strictObject({
  teamId: z.string().min(1),
  keyId: z.string().min(1).optional(),
  publicKey: z.union([
    z.string().regex(/-----BEGIN PUBLIC KEY-----/, 'must be an SPKI PEM ("BEGIN PUBLIC KEY")'),
    jwkSchema,
  ]),
})

const clientSchema = z.strictObject({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  redirectUris: z
    .array(
      z
        .url({ protocol: /^https?$/, error: 'must be an http: or https: URL' })
        .refine((uri) => !uri.includes('#'), 'must not hold a fragment'),
    )
    .min(1),
  appleClientSecretKey: appleKeySchema.optional(),
})

const userSchema = z.strictObject({
  sub: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, "must be digits (at most 15): GitHub's id is a JSON number"),
  username: z.string().regex(/^[A-Za-z0-9_.-]{1,39}$/, 'must be 1-39 letters, digits, _ . or -'),
  name: z.string().min(1),
  email: z.email().optional(),
  emailVerified: z.boolean().optional(),
})

const clientsSchema = z
  .strictObject({
    google: clientSchema.optional(),
    github: clientSchema.optional(),
    apple: clientSchema.optional(),
    facebook: clientSchema.optional(),
    x: clientSchema.optional(),
    discord: clientSchema.optional(),
  })
  .superRefine((clients, ctx) => {
    for (const [id, client] of Object.entries(clients)) {
      if (client?.appleClientSecretKey && id !== 'apple') {
        ctx.addIssue({
          code: 'custom',
          path: [id, 'appleClientSecretKey'],
          message: 'only the apple client signs its secret',
        })
      }
    }
  })

const usersSchema = z
  .array(userSchema)
  .min(1)
  .superRefine((users, ctx) => {
    for (const key of ['sub', 'username'] as const) {
      const seen = new Set<string>()
      users.forEach((user, index) => {
        if (seen.has(user[key])) {
          ctx.addIssue({ code: 'custom', path: [index, key], message: `is not unique` })
        }
        seen.add(user[key])
      })
    }
  })

/** The options as {@link startIdentityProvider} checks them (exported for the CLI's file). */
export const startIdentityProviderOptionsSchema = z.strictObject({
  // Loopback only: the identity provider is never reachable from outside this machine.
  host: z.enum(['127.0.0.1', 'localhost'], 'must be 127.0.0.1 or localhost').default('127.0.0.1'),
  port: z.number().int().min(0).max(65_535).default(0),
  clients: clientsSchema,
  users: usersSchema.optional(),
})

/** Checked options, defaults filled in. */
export interface IdentityProviderSettings {
  host: string
  port: number
  clients: Partial<Record<SocialProviderId, IdpClient>>
  users: IdpUser[]
}

/**
 * Checks the options at the boundary.
 * @throws Error naming every wrong field: `invalid identity provider options: clients.github…`.
 */
export function parseOptions(options: unknown): IdentityProviderSettings {
  const parsed = startIdentityProviderOptionsSchema.safeParse(options)
  if (!parsed.success) {
    const fields = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(options)'}: ${issue.message}`)
      .join('; ')
    throw new Error(`invalid identity provider options: ${fields}`)
  }
  const { users, ...rest } = parsed.data
  return { ...rest, users: users ?? DEFAULT_USERS.map((user) => ({ ...user })) }
}
