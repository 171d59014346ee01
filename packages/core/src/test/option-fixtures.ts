import type { SIWEConfig, SIWXConfig } from '../options/sign-in.js'

/** A complete SIWX config (sign-in required), for tests of how options treat sign-in. */
export const siwxFixture: SIWXConfig = {
  createMessage: async () => {
    throw new Error('unused')
  },
  addSession: async () => undefined,
  getSessions: async () => [],
  revokeSession: async () => undefined,
  setSessions: async () => undefined,
  getRequired: () => true,
}

/** A complete legacy SIWE config (sign-in required). */
export const siweFixture: SIWEConfig = {
  getNonce: async () => 'nonce',
  createMessage: () => 'message',
  verifyMessage: async () => true,
  getSession: async () => null,
  signOut: async () => true,
  required: true,
}

/** Every feature switch off: what this build, which has none of the optional features, resolves. */
export const allFeaturesOff = {
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  send: false,
  receive: false,
  analytics: false,
  branding: false,
} as const

/** SPEC §9's social logins in its order, Farcaster 4th: the ones this build has (issue 12). */
export const builtSocials = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] as const

/** The popup logins alone: what a build with social login but not Farcaster offers. */
export const popupSocials = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const
