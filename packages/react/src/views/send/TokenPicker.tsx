import type { TokenBalance } from '@latch/core'
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react'
import { displayBalance } from '../../components/format.js'
import { useT } from '../../hooks/useLatch.js'
import { TokenLogo } from '../shared/KnownLogo.js'
import { usdAmount } from '../shared/usd.js'

export interface TokenPickerProps {
  /** The trigger's id, which the form's "Token" label points at. */
  id: string
  tokens: readonly TokenBalance[]
  /** The token the form sends, if any. */
  selected?: TokenBalance | undefined
  onChoose(token: TokenBalance | undefined): void
}

/** A token's key among the balances: its CAIP-10 address, or the native coin of its chain. */
const keyOf = (token: TokenBalance) => token.address ?? `native:${token.chainId}`

/** Whether the visitor's search (any case) is in the token's symbol or name. */
const matches = (token: TokenBalance, query: string) => {
  const wanted = query.trim().toLocaleLowerCase()
  return (
    wanted === '' ||
    token.symbol.toLocaleLowerCase().includes(wanted) ||
    token.name.toLocaleLowerCase().includes(wanted)
  )
}

/**
 * The account's tokens on the active network, as WAI-ARIA's combobox with a listbox popup
 * (issue 37): a button shows the chosen token; it opens a search field over the list of tokens,
 * each with its logo, balance and value. Arrow keys, Home and End move through the list, Enter
 * chooses, Escape closes the list (not the modal) and gives focus back to the button. Token
 * names and symbols come from a wallet or a server, so they are only ever text.
 */
export function TokenPicker({ id, tokens, selected, onChoose }: TokenPickerProps) {
  const t = useT()
  const base = useId()
  const trigger = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const shown = tokens.filter((token) => matches(token, query))
  const activeToken = shown[Math.min(active, shown.length - 1)]
  const optionId = (token: TokenBalance) => `${base}-${keyOf(token)}`
  const listId = `${base}-list`
  // The list just opened from a click or a key: typing searches at once.
  const focusOnMount = useCallback((node: HTMLInputElement | null) => node?.focus(), [])

  const close = () => {
    setOpen(false)
    setQuery('')
    trigger.current?.focus()
  }
  const choose = (token: TokenBalance) => {
    onChoose(token)
    close()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    }
    const move = moves[event.key]
    if (move !== undefined) {
      event.preventDefault()
      setActive(Math.max(move, 0))
    } else if (event.key === 'Enter') {
      // Enter chooses here; it must not submit the send form around the picker.
      event.preventDefault()
      if (activeToken) choose(activeToken)
    } else if (event.key === 'Escape') {
      // The list closes, not the modal: the dialog's cancel never sees this Escape.
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  return (
    <div className="latch-picker">
      <button
        ref={trigger}
        id={id}
        type="button"
        className="latch-input latch-picker-trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={tokens.length === 0}
        onClick={() => {
          if (open) return close()
          setActive(Math.max(0, selected ? tokens.indexOf(selected) : 0))
          setOpen(true)
        }}
      >
        {selected ? (
          <TokenRow token={selected} />
        ) : (
          <span className="latch-muted">
            {t(tokens.length ? 'view.Send.chooseToken' : 'view.Send.noTokens')}
          </span>
        )}
      </button>
      {open ? (
        <div className="latch-picker-popup">
          <input
            className="latch-input"
            role="combobox"
            aria-label={t('view.Send.searchTokens')}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeToken ? optionId(activeToken) : undefined}
            autoComplete="off"
            spellCheck={false}
            ref={focusOnMount}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setActive(0)
            }}
            onKeyDown={onKeyDown}
            onBlur={(event) => {
              // Leaving the picker (Tab, a click elsewhere) closes its list; a click on its
              // button closes it there, and must not open it again.
              const to = event.relatedTarget
              if (to !== trigger.current && !event.currentTarget.parentElement?.contains(to)) {
                setOpen(false)
                setQuery('')
              }
            }}
          />
          <ul id={listId} role="listbox" aria-label={t('view.Send.token')} className="latch-list">
            {shown.map((token) => (
              <li
                key={keyOf(token)}
                id={optionId(token)}
                role="option"
                aria-selected={token === activeToken}
                data-chosen={token === selected || undefined}
                className="latch-list-item"
                // The search field keeps focus; a pressed option must not take it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(token)}
              >
                <TokenRow token={token} />
              </li>
            ))}
          </ul>
          {shown.length === 0 ? (
            <p role="status" className="latch-muted">
              {t('view.Send.noMatch', { query: query.trim() })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/** A token as the picker shows it: logo, symbol and name, balance, and value when priced. */
function TokenRow({ token }: { token: TokenBalance }) {
  const t = useT()
  return (
    <>
      <TokenLogo token={token} name={token.name} />
      <span className="latch-picker-name">
        <span>{token.symbol}</span> <span className="latch-muted">{token.name}</span>
      </span>
      <span className="latch-picker-amounts">
        {/* A coin whose balance was not read shows no amount, never a made-up 0. */}
        {token.quantity.numeric ? <span>{displayBalance(token.quantity.numeric)}</span> : null}
        {token.value !== undefined ? (
          <>
            {' '}
            <span className="latch-muted">
              {t('view.Send.tokenValue', { value: usdAmount(token.value) })}
            </span>
          </>
        ) : null}
      </span>
    </>
  )
}
