import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { builtInFlows } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { enMessages } from '../i18n/en.js'

/*
 * A flow module declares its views' catalogue namespaces (core's descriptor, `messages`): the
 * catalogue holds keys in each, and a flow's views define no key outside them.
 */

/** The React folder of each core flow (views/<folder>/). */
const folders: Record<string, string> = {
  choosingWallet: 'choose-wallet',
  browsingWallets: 'all-wallets',
  connectingExternal: 'connect-external',
  switchingNetwork: 'switch-network',
  pairing: 'pairing',
  account: 'account',
  sending: 'send',
  connectingSocial: 'social',
  connectingFarcaster: 'farcaster',
  connectingEmail: 'email',
  updatingEmail: 'update-email',
  approvingTransaction: 'approve',
  signingIn: 'sign-in',
}

/** The keys a flow folder's messages.ts defines. */
function keysOf(folder: string): string[] {
  // The package's own folder (vitest runs in it): this file's URL is not a file's under jsdom.
  const path = join(process.cwd(), 'src', 'views', folder, 'messages.ts')
  return [...readFileSync(path, 'utf8').matchAll(/^\s*'([a-zA-Z]+\.[^']+)':/gm)].map((m) => m[1]!)
}

describe("each flow's message keys (its descriptor's `messages`)", () => {
  it('names a React folder for every built-in flow', () => {
    expect(builtInFlows.modules.map((module) => module.id).sort()).toEqual(
      Object.keys(folders).sort(),
    )
  })

  it.each(builtInFlows.modules.map((module) => [module.id, module] as const))(
    '%s: the catalogue has keys in each namespace it declares, and its views define no other',
    (id, module) => {
      const catalogue = Object.keys(enMessages)
      const empty = module.messages.filter(
        (namespace) => !catalogue.some((key) => key.startsWith(namespace)),
      )
      expect(empty).toEqual([])
      const defined = keysOf(folders[id]!)
      const outside = defined.filter(
        (key) => !module.messages.some((namespace) => key.startsWith(namespace)),
      )
      expect(outside).toEqual([])
    },
  )
})
