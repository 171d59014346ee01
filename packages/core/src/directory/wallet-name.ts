// The one rule for a wallet-supplied name, wherever it comes from: a directory entry, an EIP-6963
// announcement or a WalletConnect peer. Names are rendered only as text, but they also reach the
// host through `connect()`'s `connectorData`, so the rule leaves nothing a careless page could
// turn into markup, and nothing that makes one wallet's name read as another's.
import * as z from 'zod/mini'

/** Longest wallet name kept, in code points: no real wallet needs more. */
export const WALLET_NAME_MAX_LENGTH = 64

// Anything longer is hostile: refusing it before any other work keeps a 1 MB name cheap.
const RAW_NAME_MAX_LENGTH = 1024

// Turned into spaces before the controls go, so that "Two\nLines" does not become "TwoLines".
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g
// Removed: controls; format characters (bidi embeddings, overrides, isolates and marks, zero-width
// space, word joiner, BOM, tag characters), except ZWNJ and ZWJ, which scripts and emoji need;
// lone surrogates; private-use code points (a font may draw any logo there); the Hangul and
// Braille fillers, letters that draw as nothing; and `<` `>`, so no name can open a tag.
// "Wallet\u202Eksam" would otherwise render as "Walletmask" and pass for another wallet.
const FORBIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u115F\u1160\u2800\u3164\uFFA0<>]/gu
// Runs of any kind of space (no-break, ideographic…) become one space: no padding tricks.
const SPACES = /\s+/g
// A name of joiners and combining marks alone shows as nothing.
const VISIBLE = /[^\s\p{M}\u200C\u200D]/u

/**
 * A wallet-supplied name as plain text: line breaks and runs of spaces folded to one space,
 * forbidden characters removed (see above), trimmed. `undefined` when nothing visible is left or
 * the result is longer than {@link WALLET_NAME_MAX_LENGTH}: a name is refused rather than cut,
 * since a cut name can be made to read as another wallet's. Never HTML-decoded: `A &amp; B`
 * stays those nine characters.
 */
export function cleanWalletName(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > RAW_NAME_MAX_LENGTH) return undefined
  const name = raw.replace(LINE_BREAKS, ' ').replace(FORBIDDEN, '').replace(SPACES, ' ').trim()
  if (!VISIBLE.test(name)) return undefined
  return [...name].length <= WALLET_NAME_MAX_LENGTH ? name : undefined
}

/** {@link cleanWalletName} as a zod schema: the cleaned name, or an issue when it refuses. */
export const walletNameSchema = z.pipe(
  z.string(),
  z.transform((raw: string, context) => {
    const name = cleanWalletName(raw)
    if (name !== undefined) return name
    context.issues.push({
      code: 'custom',
      message: `Wallet name must be 1 to ${WALLET_NAME_MAX_LENGTH} visible characters`,
      input: raw,
    })
    return z.NEVER
  }),
)
