import { projectConfigSchema } from '../api/project-config.js'
import { createAlert, type Alert } from '../errors/alerts.js'
import { safeParseWith } from '../validation/parse.js'
import { availableFeatures, type FeatureSet } from './available-features.js'
import {
  socialLoginOptions,
  socialLoginsFor,
  type LatchOptions,
  type ResolvedFeatures,
  type SocialLoginOption,
} from './schema.js'

/**
 * SPEC §3 "Remote feature flags", as the project configuration (SPEC §7
 * `GET /appkit/v1/config`) states them. A flag the response leaves out is absent here.
 * `socials: true` means "enabled" without a list of its own.
 */
export interface RemoteFeatures {
  email?: boolean
  socials?: boolean | SocialLoginOption[]
  swaps?: boolean
  onramp?: boolean
  activity?: boolean
  reownBranding?: boolean
}

const remoteIds = {
  email: 'email',
  socials: 'socials',
  swaps: 'swaps',
  onramp: 'onramp',
  activity: 'activity',
  reown_branding: 'reownBranding',
} as const satisfies Record<string, keyof RemoteFeatures>

/**
 * The project-configuration response's schema, by the name the main entry has exported it under.
 * It is a wire schema, which the Latch server answers with too, so it lives once on the wire side
 * (api/project-config.ts's `projectConfigSchema`).
 */
export const remoteConfigResponseSchema = projectConfigSchema

function isSocial(value: string): value is SocialLoginOption {
  return (socialLoginOptions as readonly string[]).includes(value)
}

function hasOwn<K extends string>(record: Record<K, unknown>, key: string): key is K {
  return Object.hasOwn(record, key)
}

/**
 * Reads the feature flags of a project-configuration response, or `undefined` when the response
 * is not of the expected shape, so the caller keeps local or default values (SPEC §7). Unknown
 * feature ids and unknown social providers are skipped; a repeated id keeps its first entry.
 */
export function parseRemoteFeatures(response: unknown): RemoteFeatures | undefined {
  const result = safeParseWith(remoteConfigResponseSchema, response)
  if (!result.success) return undefined
  const features: RemoteFeatures = {}
  for (const entry of result.data.features) {
    if (!hasOwn(remoteIds, entry.id)) continue
    const key = remoteIds[entry.id]
    if (features[key] !== undefined) continue
    if (key === 'socials') {
      features.socials =
        entry.isEnabled && entry.config ? entry.config.filter(isSocial) : entry.isEnabled
    } else {
      features[key] = entry.isEnabled
    }
  }
  return features
}

type MergedKey = 'email' | 'socials' | 'swaps' | 'onramp' | 'activity' | 'branding'

function remoteValue(
  key: MergedKey,
  remote: RemoteFeatures,
  local: ResolvedFeatures,
  available: FeatureSet,
): ResolvedFeatures[MergedKey] | undefined {
  if (key === 'branding') return remote.reownBranding
  if (key !== 'socials') return remote[key]
  const socials = remote.socials
  const built = socialLoginsFor(available)
  // A remote list cannot offer a login the build lacks (Farcaster, until built).
  if (Array.isArray(socials)) return socials.filter((option) => built.includes(option))
  if (socials !== true) return socials
  // Enabled remotely without a list: keep the host's list, or offer every option built.
  return local.socials === false ? built : local.socials
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((entry, index) => entry === b[index])
  }
  return a === b
}

const mergedKeys: readonly MergedKey[] = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'branding',
]

/**
 * Applies remote feature flags over the local ones: remote values win (`reownBranding` sets
 * `branding`). When a feature the host set explicitly (`localInput`) is overridden with a
 * different value, the result carries the LOCAL_FEATURES_IGNORED warning naming those features
 * (SPEC §8). No remote flags (`undefined`, a failed fetch) leaves `local` as it is.
 *
 * A flag for a feature the build lacks (`available`, this build's list by default) is skipped:
 * a project configuration cannot turn on what is not there, and since the feature is off
 * locally too, nothing of the host's is ignored.
 */
export function mergeRemoteFeatures(
  local: ResolvedFeatures,
  localInput: LatchOptions['features'],
  remote: RemoteFeatures | undefined,
  available: FeatureSet = availableFeatures,
): { features: ResolvedFeatures; notice?: Alert } {
  if (remote === undefined) return { features: local }
  const features: ResolvedFeatures = { ...local }
  const ignored: MergedKey[] = []
  for (const key of mergedKeys) {
    if (!available.includes(key)) continue
    const value = remoteValue(key, remote, local, available)
    if (value === undefined) continue
    Object.assign(features, { [key]: value })
    const explicit = localInput?.[key]
    if (explicit !== undefined && !sameValue(explicit, value)) ignored.push(key)
  }
  if (ignored.length === 0) return { features }
  const names = ignored.map((key) => `"${key}"`).join(', ')
  return { features, notice: createAlert('LOCAL_FEATURES_IGNORED', 'warning', { features: names }) }
}
