import * as z from 'zod/mini'
import { hostNetworkSchema, type Network, type HostNetwork } from '../network/network.js'
import { messageFor } from '../errors/catalogue.js'
import { latchErrorMap } from '../validation/issues.js'
import { chainAdapterSchema, storageSchema } from './runtime-shapes.js'
import {
  availableFeatures,
  featureNotAvailableMessage,
  type FeatureSet,
  type OptionalFeature,
} from './available-features.js'
import { missingRpcMessage } from './network-rpc.js'
import { serverUrlSchema } from './service-url.js'
import {
  isWholeSiwxBackend,
  siweConfigSchema,
  siwxOptionsSchema,
  type SIWEConfig,
  type SIWXOptions,
} from './sign-in.js'
import { themeModeSchema, themeVariablesSchema } from './theme.js'
import { walletConnectOptionSchema } from './walletconnect-option.js'
import { socialsSwitch } from './socials-option.js'
import { uniqueList } from './unique-list.js'

export { socialLoginOptions, socialLoginsFor, type SocialLoginOption } from './socials-option.js'

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

const networkAsIs = validatedAsIs<HostNetwork>(hostNetworkSchema)

/** SPEC §3 "Dapp metadata". Empty description, url and icons are allowed (SPEC §3). */
export const metadataSchema = z.strictObject({
  name: z.string(),
  description: z._default(z.string(), ''),
  /** '' or an http(s) URL of the app. */
  url: z._default(z.union([z.literal(''), z.url({ protocol: /^https?$/ })]), ''),
  icons: z._default(z.array(z.string()), () => []),
})

/** A switch a host turns on or off, typed so `z.output` is the same whatever the build has. */
type BooleanFeature = Exclude<OptionalFeature, 'socials' | 'farcaster' | 'signIn' | 'embedded'>

/**
 * A boolean feature switch. A feature the build has defaults on (SPEC §3 and AppKit's defaults),
 * except analytics: no telemetry unless the host turns it on. One the build lacks defaults off
 * and refuses `true`, naming the option, so a host is never promised it.
 */
function featureSwitch(feature: BooleanFeature, available: FeatureSet) {
  const has = available.includes(feature)
  const value = z.boolean()
  const option = `features.${feature}`
  return z._default(
    has ? value : value.check(z.refine((on) => !on, featureNotAvailableMessage(option))),
    has && feature !== 'analytics',
  )
}

/**
 * Local feature switches for a build that has `available` (see available-features.ts).
 * Remote project configuration may override them (see remote-features).
 */
export function featuresSchemaFor(available: FeatureSet) {
  return z.strictObject({
    email: featureSwitch('email', available),
    /** `false`, or the social logins offered, in this order. */
    socials: socialsSwitch(available),
    swaps: featureSwitch('swaps', available),
    onramp: featureSwitch('onramp', available),
    /** Transaction history in the Account view's Activity tab. */
    activity: featureSwitch('activity', available),
    send: featureSwitch('send', available),
    receive: featureSwitch('receive', available),
    analytics: featureSwitch('analytics', available),
    /** Shows the provider's branding in the modal footer (remote flag `reownBranding`). */
    branding: featureSwitch('branding', available),
    /**
     * Overrides the SPEC §2 connect-method order; unset means the automatic order. It only
     * orders: a method whose feature is off is left out (connect-method-order).
     */
    connectMethodsOrder: z.optional(uniqueList(z.enum(connectMethods)).check(z.minLength(1))),
  })
}

/** This build's feature switches. */
export const featuresSchema = /* @__PURE__ */ featuresSchemaFor(availableFeatures)

const walletIds = z._default(z.array(z.string().check(z.minLength(1))), () => [])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The key of the issue reported when both sign-in options are set (SPEC §5). */
export const BOTH_SIGN_IN_OPTIONS_PATH = 'siwx'

/**
 * Rules across fields. They run even when other fields are invalid, so one parse reports every
 * problem; hence the defensive reads. The sign-in conflict (SPEC §5) is checked only in a build
 * with sign-in: otherwise each option is already refused by name, and a conflict between two
 * refused options would only add noise.
 */
function checkAcrossFields(
  available: FeatureSet,
  value: unknown,
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  if (!isRecord(value)) return
  const bothSignIn = value.siwx !== undefined && value.siweConfig !== undefined
  if (bothSignIn && available.includes('signIn')) {
    ctx.addIssue({
      code: 'custom',
      message: messageFor('BOTH_SIWE_AND_SIWX'),
      path: [BOTH_SIGN_IN_OPTIONS_PATH],
    })
  }
  if (available.includes('signIn')) checkSignInBackend(value, ctx)
  const { networks, defaultNetwork } = value
  if (!Array.isArray(networks)) return
  checkRpcUrls(networks, value, ctx)
  if (!isRecord(defaultNetwork)) return
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

/**
 * Sign-in through the Latch server needs its `serverUrl` and a project id; a host with a whole
 * backend of its own needs neither.
 */
function checkSignInBackend(
  value: Record<string, unknown>,
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  const { siwx } = value
  if (siwx !== true && !isRecord(siwx)) return
  if (siwx !== true && isWholeSiwxBackend(siwx)) return
  if (typeof value.serverUrl === 'string' && typeof value.projectId === 'string') return
  ctx.addIssue({
    code: 'custom',
    message:
      'Needs serverUrl and projectId (the Latch server signs in), or createMessage, addSession, getSessions, revokeSession and setSessions',
    path: ['siwx'],
  })
}

/**
 * SPEC §7: a network without `rpcUrls` gets the Latch server's RPC, which needs `serverUrl` and a
 * project id; without them it is refused at `networks.{i}.rpcUrls`. A wrong `serverUrl` is its
 * own issue, so only a missing one counts here.
 */
function checkRpcUrls(
  networks: readonly unknown[],
  value: Record<string, unknown>,
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  const message = missingRpcMessage(value.serverUrl, value.projectId)
  if (message === undefined) return
  networks.forEach((network, index) => {
    if (isRecord(network) && network.rpcUrls === undefined) {
      ctx.addIssue({ code: 'custom', message, path: ['networks', index, 'rpcUrls'] })
    }
  })
}

/**
 * `embedded`: the modal drawn inline in the page. Refused with FEATURE_NOT_AVAILABLE until a
 * build lists it: the router knows embedded mode, but no view layer draws the modal inline yet,
 * so `true` would promise a page-embedded modal and deliver an overlay.
 */
function embeddedOption(available: FeatureSet) {
  const value = z.boolean()
  return z._default(
    available.includes('embedded')
      ? value
      : value.check(z.refine((on) => !on, featureNotAvailableMessage('embedded'))),
    false,
  )
}

/**
 * A sign-in option (`siwx`, `siweConfig`): its shape check when the build has sign-in; without
 * it, any value is refused as not available (its shape would not matter). The refusal is a
 * check, not a type failure, so the rules across fields still run and report with it.
 */
function signInOption<T>(
  option: 'siwx' | 'siweConfig',
  shape: z.ZodMiniType<T, T>,
  available: FeatureSet,
) {
  return z.optional(
    available.includes('signIn')
      ? shape
      : z.custom<T>().check(z.refine(() => false, featureNotAvailableMessage(option))),
  )
}

/**
 * The host's Latch options (SPEC §1) for a build that has `available` (available-features.ts).
 * Strict: an unknown key, such as a typo, is an error. Parse with `parseOptions`, which applies
 * the project-id and sign-in rules and the messages.
 */
export function latchOptionsSchemaFor(available: FeatureSet) {
  return z
    .strictObject({
      /** The provider project id. Missing or empty gives the PROJECT_ID_NOT_CONFIGURED alert. */
      projectId: z.optional(z.string().check(z.minLength(1))),
      /**
       * The root URL of the host's Latch server (https:, or http: on a loopback host): its
       * provider services (the project's features, the wallet directory) and its RPC, the
       * default of a network passed without `rpcUrls`. Absent: no server; the built-in wallet
       * directory and local features only, and every network must carry its own `rpcUrls`.
       */
      serverUrl: z.optional(serverUrlSchema),
      metadata: z._default(metadataSchema, () => ({
        name: '',
        description: '',
        url: '',
        icons: [],
      })),
      /**
       * Every network the app supports; at least one, caipNetworkIds unique. A network may leave
       * out `rpcUrls` when `serverUrl` (and a project id) is set: it gets the server's RPC.
       */
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
      features: z.prefault(featuresSchemaFor(available), {}),
      connectorTypeOrder: z._default(uniqueList(z.enum(connectorOrderTypes)), () => [
        ...connectorOrderTypes,
      ]),
      /** Wallet-directory ids shown first. */
      featuredWalletIds: walletIds,
      /** When not empty, only these wallet-directory ids are listed. */
      includeWalletIds: walletIds,
      /** Wallets hidden everywhere. An entry matches a wallet's id, its rdns or its name (SPEC §5). */
      excludeWalletIds: walletIds,
      themeMode: z._default(themeModeSchema, 'light'),
      themeVariables: z.prefault(themeVariablesSchema, {}),
      /** Sign-in with X. Cannot be combined with `siweConfig`. */
      siwx: signInOption<SIWXOptions | true>(
        'siwx',
        z.union([z.literal(true), siwxOptionsSchema]),
        available,
      ),
      /** Legacy sign-in with Ethereum. Cannot be combined with `siwx`. */
      siweConfig: signInOption<SIWEConfig>('siweConfig', siweConfigSchema, available),
      /** Lets the user stay on a network that is not in `networks` (no UnsupportedChain view). */
      allowUnsupportedChain: z._default(z.boolean(), false),
      enableNetworkSwitch: z._default(z.boolean(), true),
      /** The host drives wallet connection itself (SPEC §2 opening rule 2). */
      manualWalletControl: z._default(z.boolean(), false),
      /** The modal is rendered inline in the page rather than as an overlay (not in this build). */
      embedded: embeddedOption(available),
      /** Reconnect the last wallet silently on load. */
      enableReconnect: z._default(z.boolean(), true),
      /**
       * SPEC §9 pending polling: a followed transaction whose receipt wait timed out (or whose
       * chain could not be read) is looked at again every 30 000 ms until it settles. Off by
       * default: the first answer is the end.
       */
      pollPendingTransactions: z._default(z.boolean(), false),
      /** Where Latch keeps its state; when absent, core picks browser or in-memory storage. */
      storage: z.optional(storageSchema),
      /** Prefix of every storage key Latch writes, so two instances can keep apart. */
      storageKeyPrefix: z._default(z.string().check(z.minLength(1)), '@latch/'),
      /**
       * WalletConnect pairing: `walletConnect({ relayUrl, verifyUrl })` from
       * @latch/walletconnect (the relay and verify service, and the client's on-demand loader).
       * Absent: WalletConnect is not offered.
       */
      walletConnect: z.optional(walletConnectOptionSchema),
    })
    .check(
      z.superRefine((value, ctx) => checkAcrossFields(available, value, ctx), { when: () => true }),
    )
}

/** This build's options schema. */
export const latchOptionsSchema = /* @__PURE__ */ latchOptionsSchemaFor(availableFeatures)

/** The options a host passes (what `createLatch` accepts). */
export type LatchOptions = z.input<typeof latchOptionsSchema>

/** Feature switches with every default applied. */
export type ResolvedFeatures = z.output<typeof featuresSchema>

/**
 * Options with every default applied; `projectId` is '' when the host gave none. Every network
 * has its `rpcUrls` (the server's default RPC filled in), and `defaultNetwork` is one of them.
 */
export type ResolvedOptions = Omit<
  z.output<typeof latchOptionsSchema>,
  'projectId' | 'networks' | 'defaultNetwork'
> & {
  projectId: string
  networks: Network[]
  defaultNetwork?: Network
}
