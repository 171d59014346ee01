import { useLatch, useLatchAccount } from '@latch/react'
import { useState } from 'react'

const MESSAGE = 'Hello from the Latch playground'

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' | 'failed'; text: string }

/**
 * What a host does with a connected account: sign a message and send a transaction (to itself,
 * so it only costs gas). Both go to whichever wallet is connected: the dev wallet, or a phone
 * paired over WalletConnect.
 */
export function WalletActions() {
  const latch = useLatch()
  const account = useLatchAccount()
  const [signed, setSigned] = useState<Outcome>({ kind: 'idle' })
  const [sent, setSent] = useState<Outcome>({ kind: 'idle' })
  if (!account.isConnected || !account.address) return null
  const address = account.address

  const run = (set: (o: Outcome) => void, action: () => Promise<string>) => {
    set({ kind: 'busy' })
    action().then(
      (text) => set({ kind: 'done', text }),
      (error: unknown) =>
        set({ kind: 'failed', text: error instanceof Error ? error.message : String(error) }),
    )
  }

  return (
    <section aria-labelledby="actions-heading" className="card">
      <h2 id="actions-heading">Wallet actions</h2>
      <p>
        <button
          type="button"
          disabled={signed.kind === 'busy'}
          onClick={() => run(setSigned, () => latch.signMessage(MESSAGE))}
        >
          Sign a message
        </button>{' '}
        <output id="action-signature" aria-live="polite">
          {describe(signed)}
        </output>
      </p>
      <p>
        <button
          type="button"
          disabled={sent.kind === 'busy'}
          onClick={() =>
            run(setSent, () => latch.sendTransaction({ to: address, value: 1_000_000_000_000n }))
          }
        >
          Send 0.000001 ETH to myself
        </button>{' '}
        <output id="action-transaction" aria-live="polite">
          {describe(sent)}
        </output>
      </p>
    </section>
  )
}

function describe(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'idle':
      return ''
    case 'busy':
      return 'Waiting for the wallet…'
    case 'done':
      return outcome.text
    case 'failed':
      return `Failed: ${outcome.text}`
  }
}
