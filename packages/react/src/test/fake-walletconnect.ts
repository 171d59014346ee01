import type {
  PairingRequest,
  WalletConnectClient,
  WalletConnectConfig,
  WalletConnectLoader,
  WalletConnectSession,
} from '@latch/core'

/**
 * How the fake wallet side answers a pairing proposal:
 * - `hold`: no URI yet (the relay is slow), and no answer;
 * - `uri`: the URI is shown, and the wallet never answers (the user has not scanned);
 * - `reject`: the URI is shown, then the wallet declines (4001 → USER_REJECTED);
 * - `fail`: the URI is shown, then the proposal fails otherwise (→ UNKNOWN_ERROR).
 */
export type PairingAnswer = 'hold' | 'uri' | 'reject' | 'fail'

/** The pairing URI of the `n`th proposal (1-based): the shape a real one has. */
export const pairingUri = (n: number) =>
  `wc:${n.toString(16).padStart(64, 'a')}@2?relay-protocol=irn&symKey=${'5'.repeat(64)}&expiryTimestamp=1700000240`

export interface FakeWalletConnect {
  /** Pass as the `walletConnect` option's `load`. */
  loader: WalletConnectLoader
  /** What the next proposals get. */
  setAnswer(answer: PairingAnswer): void
  /** How many proposals were made (each PAIR and RETRY makes one). */
  readonly proposals: number
  /** How many were abandoned (the view closed, or a fresh URI replaced one). */
  readonly aborted: number
  /** The config the client was created with, once loaded. */
  readonly config: WalletConnectConfig | undefined
}

/**
 * A WalletConnect client in memory for view tests and stories: proposals answer as scripted,
 * and nothing touches a relay or the network.
 */
export function createFakeWalletConnect(initial: PairingAnswer = 'uri'): FakeWalletConnect {
  let answer = initial
  let proposals = 0
  let aborted = 0
  let config: WalletConnectConfig | undefined
  const client: WalletConnectClient = {
    pair({ onUri, signal }: PairingRequest) {
      proposals += 1
      signal.addEventListener('abort', () => (aborted += 1), { once: true })
      const current = answer
      return new Promise<WalletConnectSession>((_, reject) => {
        if (current === 'hold') return
        onUri(pairingUri(proposals))
        if (current === 'reject')
          reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
        if (current === 'fail') reject(new Error('The relay closed the connection.'))
      })
    },
    restore: async () => null,
    providerFor() {
      throw new Error('No session in the fake WalletConnect client.')
    },
    disconnect: async () => undefined,
    onSessionDeleted: () => () => undefined,
  }
  return {
    loader: async (given) => {
      config = given
      return client
    },
    setAnswer: (next) => (answer = next),
    get proposals() {
      return proposals
    },
    get aborted() {
      return aborted
    },
    get config() {
      return config
    },
  }
}
