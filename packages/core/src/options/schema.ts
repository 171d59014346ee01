import * as z from 'zod/mini'
import { networkSchema, type Network } from '../network/network.js'
import { messageFor } from '../errors/catalogue.js'
import { latchErrorMap } from '../validation/issues.js'
import { chainAdapterSchema, storageSchema } from './runtime-shapes.js'
import { siweConfigSchema, siwxConfigSchema } from './sign-in.js'

/** SPEC §9 social login options, in the SPEC's order; also the default `features.socials`. */
export const socialLoginOptions = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] as const
export type SocialLoginOption = (typeof socialLoginOptions)[number]

/** SPEC §2 connect methods; `features.connectMethodsOrder` orders a subset of them. */
export const connectMethods = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof connectMethods)[number]

/** SPEC §2 connector-type order entries, in the default order. */
export const connectorOrderTypes = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorOrderType = (typeof connectorOrderTypes)[number]

/** An array whose entries are all different; a repeat is reported at its index. */
function uniqueList<T extends z.core.SomeType>(item: T) {
  return z.array(item).check(
    z.superRefine((list, ctx) => {
      list.forEach((entry, index) => {
        if (list.indexOf(entry) !== index) {
          ctx.addIssue({
            code: 'custom',
            message: `Duplicate value ${JSON.stringify(entry)}`,
            path: [index],
          })
        }
      })
    }),
  )
}

/**
 * Validates with `schema` but hands back the host's own object. Networks are passed to chain
 * libraries as they are (a viem chain keeps its contracts and formatters), so parsing must not
 * strip or copy them.
 */
function validatedAsIs<T>(schema: z.core.$ZodType) {
  return z.custom<T>().check(
    z.superRefine((value, ctx) => {
      const result = z.safeParse(schema, value, { error: latchErrorMap })
      if (result.success) return
      for (const issue of result.error.issues) {
        ctx.addIssue({ ...issue, input: value } as unknown as z.core.$ZodRawIssue)
      }
    }),
  )
}

const networkAsIs = validatedAsIs<Network>(networkSchema)

/** Text that goes into a CSS custom property: one value, nothing that could end a declaration. */
const cssValue = z
  .string()
  .check(z.minLength(1), z.regex(/^[^;{}<>]*$/, 'Must be a single CSS value (no ; { } < >)'))

/** SPEC §3 "Dapp metadata". Empty description, url and icons are allowed (SPEC §3). */
export const metadataSchema = z.strictObject({
  name: z.string(),
  description: z._default(z.string(), ''),
  /** '' or an http(s) URL of the app. */
  url: z._default(z.union([z.literal(''), z.url({ protocol: /^https?$/ })]), ''),
  icons: z._default(z.array(z.string()), () => []),
})

/** Local feature switches. Remote project configuration may override them (see remote-features). */
export const featuresSchema = z.strictObject({
  email: z._default(z.boolean(), true),
  /** `false`, or the social logins offered, in this order. */
  socials: z._default(z.union([z.literal(false), uniqueList(z.enum(socialLoginOptions))]), () => [
    ...socialLoginOptions,
  ]),
  swaps: z._default(z.boolean(), true),
  onramp: z._default(z.boolean(), true),
  activity: z._default(z.boolean(), true),
  send: z._default(z.boolean(), true),
  receive: z._default(z.boolean(), true),
  /** No telemetry unless the host turns it on. */
  analytics: z._default(z.boolean(), false),
  /** Shows the provider's branding in the modal footer (remote flag `reownBranding`). */
  branding: z._default(z.boolean(), true),
  /** Overrides the SPEC §2 connect-method order; unset means the automatic order. */
  connectMethodsOrder: z.optional(uniqueList(z.enum(connectMethods)).check(z.minLength(1))),
})

/** CSS custom-property overrides for the modal. Unknown keys are an error. */
export const themeVariablesSchema = z.strictObject({
  '--latch-font-family': z.optional(cssValue),
  '--latch-accent': z.optional(cssValue),
  '--latch-color-mix': z.optional(cssValue),
  /** Percentage of `--latch-color-mix` blended in, 0 to 100. */
  '--latch-color-mix-strength': z.optional(z.number().check(z.gte(0), z.lte(100))),
  '--latch-font-size-master': z._default(cssValue, '10px'),
  '--latch-border-radius-master': z._default(cssValue, '4px'),
  '--latch-z-index': z._default(z.int(), 999),
})

const walletIds = z._default(z.array(z.string().check(z.minLength(1))), () => [])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The key of the issue reported when both sign-in options are set (SPEC §5). */
export const BOTH_SIGN_IN_OPTIONS_PATH = 'siwx'

/**
 * Rules across fields. They run even when other fields are invalid, so one parse reports every
 * problem; hence the defensive reads.
 */
function checkAcrossFields(value: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  if (!isRecord(value)) return
  if (value.siwx !== undefined && value.siweConfig !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: messageFor('BOTH_SIWE_AND_SIWX'),
      path: [BOTH_SIGN_IN_OPTIONS_PATH],
    })
  }
  const { networks, defaultNetwork } = value
  if (!isRecord(defaultNetwork) || !Array.isArray(networks)) return
  const known = networks.some(
    (network: unknown) =>
      isRecord(network) && network.caipNetworkId === defaultNetwork.caipNetworkId,
  )
  if (!known) {
    ctx.addIssue({
      code: 'custom',
      message: `Must be one of networks (no network has caipNetworkId ${JSON.stringify(defaultNetwork.caipNetworkId)})`,
      path: ['defaultNetwork'],
    })
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** A URL on `secure`, or on `plain` only when it stays on this machine. */
function secureOrLoopbackUrl(secure: string, plain: string) {
  return z.url({ protocol: new RegExp(`^(${secure}|${plain})$`) }).check(
    z.refine((value) => {
      // Only judges the plain scheme; any other scheme is the URL check's to report.
      const url = URL.canParse(value) ? new URL(value) : undefined
      return url?.protocol !== `${plain}:` || LOOPBACK_HOSTS.has(url.hostname)
    }, `Must use ${secure}: unless the host is a loopback address`),
  )
}

/**
 * The host's Latch options (SPEC §1). Strict: an unknown key, such as a typo, is an error.
 * Parse with `parseOptions`, which applies the project-id and sign-in rules and the messages.
 */
export const latchOptionsSchema = z
  .strictObject({
    /** The provider project id. Missing or empty gives the PROJECT_ID_NOT_CONFIGURED alert. */
    projectId: z.optional(z.string().check(z.minLength(1))),
    metadata: z._default(metadataSchema, () => ({
      name: '',
      description: '',
      url: '',
      icons: [],
    })),
    /** Every network the app supports; at least one, caipNetworkIds unique. */
    networks: z.array(networkAsIs).check(
      z.minLength(1, 'At least one network is required'),
      z.superRefine((networks, ctx) => {
        const ids = networks.map((network) => network.caipNetworkId)
        ids.forEach((id, index) => {
          if (ids.indexOf(id) !== index) {
            ctx.addIssue({
              code: 'custom',
              message: `Duplicate caipNetworkId "${id}"`,
              path: [index, 'caipNetworkId'],
            })
          }
        })
      }),
    ),
    /** The network to start on; one of `networks`, matched by caipNetworkId. */
    defaultNetwork: z.optional(networkAsIs),
    /** Chain adapters, at most one per namespace. */
    adapters: z._default(
      z.array(chainAdapterSchema).check(
        z.superRefine((adapters, ctx) => {
          const namespaces = adapters.map((adapter) => adapter.namespace)
          namespaces.forEach((namespace, index) => {
            if (namespaces.indexOf(namespace) !== index) {
              ctx.addIssue({
                code: 'custom',
                message: `Duplicate adapter for namespace "${namespace}"`,
                path: [index],
              })
            }
          })
        }),
      ),
      () => [],
    ),
    features: z.prefault(featuresSchema, {}),
    connectorTypeOrder: z._default(uniqueList(z.enum(connectorOrderTypes)), () => [
      ...connectorOrderTypes,
    ]),
    /** Wallet-directory ids shown first. */
    featuredWalletIds: walletIds,
    /** When not empty, only these wallet-directory ids are listed. */
    includeWalletIds: walletIds,
    /** Wallets hidden everywhere. An entry matches a wallet's id, its rdns or its name (SPEC §5). */
    excludeWalletIds: walletIds,
    themeMode: z._default(z.enum(['light', 'dark']), 'light'),
    themeVariables: z.prefault(themeVariablesSchema, {}),
    /** Sign-in with X. Cannot be combined with `siweConfig`. */
    siwx: z.optional(siwxConfigSchema),
    /** Legacy sign-in with Ethereum. Cannot be combined with `siwx`. */
    siweConfig: z.optional(siweConfigSchema),
    /** Lets the user stay on a network that is not in `networks` (no UnsupportedChain view). */
    allowUnsupportedChain: z._default(z.boolean(), false),
    enableNetworkSwitch: z._default(z.boolean(), true),
    /** The host drives wallet connection itself (SPEC §2 opening rule 2). */
    manualWalletControl: z._default(z.boolean(), false),
    /** The modal is rendered inline in the page rather than as an overlay. */
    embedded: z._default(z.boolean(), false),
    /** Reconnect the last wallet silently on load. */
    enableReconnect: z._default(z.boolean(), true),
    /** Where Latch keeps its state; when absent, core picks browser or in-memory storage. */
    storage: z.optional(storageSchema),
    /** Prefix of every storage key Latch writes, so two instances can keep apart. */
    storageKeyPrefix: z._default(z.string().check(z.minLength(1)), '@latch/'),
    /** WalletConnect pairing: the relay and verify service (self-hosted or local ones). */
    walletConnect: z.optional(
      z.strictObject({
        /** The relay's WebSocket URL: wss:, or ws: on a loopback host (local development). */
        relayUrl: z.optional(secureOrLoopbackUrl('wss', 'ws')),
        /** The verify service's origin: https:, or http: on a loopback host. */
        verifyUrl: z.optional(secureOrLoopbackUrl('https', 'http')),
      }),
    ),
  })
  .check(z.superRefine(checkAcrossFields, { when: () => true }))

/** The options a host passes (what `createLatch` accepts). */
export type LatchOptions = z.input<typeof latchOptionsSchema>

/** Feature switches with every default applied. */
export type ResolvedFeatures = z.output<typeof featuresSchema>

/** Theme variables with every default applied. */
export type ResolvedThemeVariables = z.output<typeof themeVariablesSchema>

/** Options with every default applied; `projectId` is '' when the host gave none. */
export type ResolvedOptions = Omit<z.output<typeof latchOptionsSchema>, 'projectId'> & {
  projectId: string
}
