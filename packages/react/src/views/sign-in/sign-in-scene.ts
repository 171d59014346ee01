import type { SIWXConfig, SIWXSession } from '@latch/core'
import { scene, storyWallet, type StoryKit } from '../../stories/story-latch.js'

/**
 * A host's own sign-in backend, in memory, for the stories and the view's tests: its messages
 * read like the Latch server's (EIP-4361); `verify` refuses a signature (default: all pass).
 */
export function storyBackend(
  verify: (session: SIWXSession) => boolean = () => true,
  hold: { message?: boolean; verify?: boolean; lookup?: boolean } = {},
): SIWXConfig & { sessions: SIWXSession[] } {
  const sessions: SIWXSession[] = []
  // A backend still thinking: the step the story stops on.
  const wait = (held: boolean | undefined) =>
    held ? new Promise<never>(() => undefined) : Promise.resolve()
  return {
    sessions,
    async createMessage({ chainId, accountAddress }) {
      await wait(hold.message)
      const data = {
        chainId,
        accountAddress,
        nonce: 'k2v9x0w1q8z7',
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        issuedAt: '2026-12-02T10:00:00.000Z',
      }
      const text = [
        `${data.domain} wants you to sign in with your Ethereum account:`,
        accountAddress,
        '',
        `URI: ${data.uri}`,
        `Version: ${data.version}`,
        `Chain ID: ${chainId.split(':')[1]}`,
        `Nonce: ${data.nonce}`,
        `Issued At: ${data.issuedAt}`,
      ].join('\n')
      return { ...data, toString: () => text }
    },
    async addSession(session) {
      await wait(hold.verify)
      if (!verify(session)) throw new Error('bad signature')
      sessions.push(session)
    },
    async getSessions(chainId, address) {
      await wait(hold.lookup)
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
    },
    async revokeSession() {
      sessions.length = 0
    },
    async setSessions(next) {
      sessions.splice(0, sessions.length, ...next)
    },
  }
}

/**
 * Connected with the Dev Wallet where sign-in is on (`required` or not), its sign requests
 * answered by `sign`, then `reach` moves the run on.
 */
export const signInScene = (
  options: {
    required?: boolean
    sign?: (message: string) => Promise<string>
    /** The backend step that never answers (the story's state). */
    hold?: { message?: boolean; verify?: boolean; lookup?: boolean }
  },
  reach: (kit: StoryKit) => Promise<void> | void = () => undefined,
) =>
  scene(
    {
      wallets: [storyWallet('io.dev', 'Dev Wallet')],
      options: {
        siwx: {
          ...storyBackend(() => true, options.hold),
          required: options.required ?? false,
        },
        metadata: { name: 'Acme', description: '', url: 'https://app.example', icons: [] },
      },
    },
    async (kit) => {
      if (options.sign) kit.fake.setSigner(options.sign)
      kit.open()
      await kit.connect('io.dev')
      await kit.until(kit.latch.actor, (s) => s.context.run?.refs.signingIn !== undefined)
      const run = kit.latch.signingIn
      if (run && !options.hold?.lookup) await kit.until(run, (s) => !s.matches('checking'))
      await reach(kit)
    },
  )
