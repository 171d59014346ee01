import { formatMessage, type ErrorCode } from '@latch/core'
import type { enMessages } from './en.js'

export type MessageKey = keyof typeof enMessages
/** A translation: any subset of the English catalogue; missing keys fall back to English. */
export type Messages = Partial<Record<MessageKey, string>>

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

/**
 * Looks strings up in `messages`, then in English, and fills `{name}` placeholders with core's
 * `formatMessage` (the same one the error catalogue uses). `english` may be part of the
 * catalogue (the provider starts with the ConnectButton's strings until the modal's chunk
 * brings the rest); a key it lacks reads as the key.
 */
export function createTranslator(
  english: Partial<Record<MessageKey, string>>,
  messages: Messages = {},
): Translate {
  return (key, values) => formatMessage(messages[key] ?? english[key] ?? key, values)
}

/** The user-facing text of a core error code. */
export function errorKey(code: ErrorCode): MessageKey {
  return `error.${code}` as MessageKey
}
