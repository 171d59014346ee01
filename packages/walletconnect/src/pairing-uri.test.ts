import { describe, expect, it } from 'vitest'
import { isPairingUri, pairingTopicOf, withPairingExpiry } from './pairing-uri.js'

const TOPIC = 'ab'.repeat(32)
const URI = `wc:${TOPIC}@2?expiryTimestamp=1700000300&relay-protocol=irn&symKey=${'cd'.repeat(32)}`

describe('pairing URIs', () => {
  it('recognises a v2 pairing URI and reads its topic', () => {
    expect(isPairingUri(URI)).toBe(true)
    expect(pairingTopicOf(URI)).toBe(TOPIC)
    expect(isPairingUri('wc:abc@1?bridge=x')).toBe(false)
    expect(isPairingUri(`https://example.com/${TOPIC}`)).toBe(false)
    expect(isPairingUri(42)).toBe(false)
  })

  it('rewrites only the expiry, wherever it sits in the query', () => {
    expect(withPairingExpiry(URI, 1700000240)).toBe(URI.replace('1700000300', '1700000240'))
    const last = `wc:${TOPIC}@2?relay-protocol=irn&expiryTimestamp=1700000300`
    expect(withPairingExpiry(last, 1700000240.9)).toBe(last.replace('1700000300', '1700000240'))
  })

  it('leaves a URI without an expiry unchanged', () => {
    const uri = `wc:${TOPIC}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`
    expect(withPairingExpiry(uri, 1)).toBe(uri)
  })
})
