import { describe, expect, it } from 'vitest'
import { isTelegramMiniApp } from './mini-app-page.js'

describe('isTelegramMiniApp', () => {
  it("is true with Telegram's web-app script or its webview's bridge, false otherwise", () => {
    expect(isTelegramMiniApp({ Telegram: { WebApp: {} } })).toBe(true)
    expect(isTelegramMiniApp({ TelegramWebviewProxy: { postEvent() {} } })).toBe(true)
    expect(isTelegramMiniApp({ location: {} })).toBe(false)
    expect(isTelegramMiniApp(undefined)).toBe(false)
  })
})
