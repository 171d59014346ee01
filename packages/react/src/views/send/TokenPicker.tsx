import type { TokenBalance } from '@latch/core'
import { displayBalance } from '../../components/format.js'
import { useT } from '../../hooks/useLatch.js'

export interface TokenPickerProps {
  id: string
  tokens: readonly TokenBalance[]
  /** The token the form sends, if any. */
  selected?: TokenBalance | undefined
  onChoose(token: TokenBalance | undefined): void
}

/** A token's key among the balances: its CAIP-10 address, or the native coin of its chain. */
const keyOf = (token: TokenBalance) => token.address ?? `native:${token.chainId}`

/**
 * The account's tokens on the active network, as a native select: every browser and screen
 * reader already knows how to operate one with the keyboard. Token names and symbols come from
 * a wallet or a server, so they are only ever text.
 */
export function TokenPicker({ id, tokens, selected, onChoose }: TokenPickerProps) {
  const t = useT()
  const value = selected ? keyOf(selected) : ''
  return (
    <select
      id={id}
      className="latch-input"
      value={value}
      onChange={(event) => onChoose(tokens.find((token) => keyOf(token) === event.target.value))}
    >
      {/* Nothing chosen yet (EVM asks for a choice: 'A token is required'). */}
      {!selected ? (
        <option value="">
          {t(tokens.length ? 'view.Send.chooseToken' : 'view.Send.noTokens')}
        </option>
      ) : null}
      {tokens.map((token) => (
        <option key={keyOf(token)} value={keyOf(token)}>
          {/* A coin whose balance was not read shows its symbol alone, never a made-up 0. */}
          {token.quantity.numeric
            ? t('view.Send.tokenOption', {
                symbol: token.symbol,
                balance: displayBalance(token.quantity.numeric),
              })
            : token.symbol}
        </option>
      ))}
    </select>
  )
}
