import { useLatch, useLatchAccount, useLatchNetwork } from '@latch/react'
import { useState } from 'react'

const MESSAGE = 'Hello from the Latch playground'

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' | 'failed'; text: string }

/** The send's amount: 0.00001 of the native token (1,000 sats, above Bitcoin's dust limit). */
const SEND_DIGITS = 5

/**
 * What a host does with a connected account: sign a message and send a transaction (to itself,
 * so it only costs the fee). Both go to whichever wallet is connected, on whichever namespace:
 * the dev wallets (EVM, Solana, Bitcoin), or a phone paired over WalletConnect.
 */
export function WalletActions() {
  const latch = useLatch()
  const account = useLatchAccount()
  const { activeNetwork } = useLatchNetwork()
  const [signed, setSigned] = useState<Outcome>({ kind: 'idle' })
  const [sent, setSent] = useState<Outcome>({ kind: 'idle' })
  const [receiver, setReceiver] = useState('')
  const [sentTo, setSentTo] = useState<Outcome>({ kind: 'idle' })
  if (!account.isConnected || !account.address || !activeNetwork) return null
  const address = account.address
  const { decimals, symbol } = activeNetwork.nativeCurrency
  const value = 10n ** BigInt(Math.max(decimals - SEND_DIGITS, 0))
  const amount = `0.${'0'.repeat(SEND_DIGITS - 1)}1`

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
          onClick={() => run(setSent, () => latch.sendTransaction({ to: address, value }))}
        >
          Send {amount} {symbol} to myself
        </button>{' '}
        <output id="action-transaction" aria-live="polite">
          {describe(sent)}
        </output>
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          run(setSentTo, () => latch.sendTransaction({ to: receiver.trim(), value }))
        }}
      >
        <label>
          Receiver address{' '}
          <input
            name="receiver"
            value={receiver}
            onChange={(event) => setReceiver(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </label>{' '}
        <button type="submit" disabled={sentTo.kind === 'busy' || receiver.trim() === ''}>
          Send {amount} {symbol}
        </button>{' '}
        <output id="action-send-to" aria-live="polite">
          {describe(sentTo)}
        </output>
      </form>
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
