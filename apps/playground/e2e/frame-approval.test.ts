import { recoverTypedDataAddress, isHex, type Hex } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { frameAxeFindings } from './axe.js'
import { emailWorld, freshEmail, logIn } from './email-login.js'
import {
  APPROVE_DELAY_MS,
  FRAME_TEXT,
  approveButton,
  declineButton,
  expectReadablePrompt,
  frameFocus,
  frameOf,
  hostRequest,
  keepHostPorts,
  promptHeading,
  timeUntilApproveEnabled,
} from './frame-prompt.js'
import { socialHooks } from './social-login.js'
import type { Stack } from './harness.js'
import { useStack } from './use-stack.js'

// Finding 5 of the security review, in Chromium: the host page must not get an approval the
// visitor did not mean to give. The host is on localhost, the frame on 127.0.0.1 (two sites);
// each test logs a new visitor in by email, then asks for a signature the way the test says.

const world = await emailWorld()
afterAll(() => world.mailbox.stop())
const frameOrigin = world.stack.server?.auth?.publicUrl
if (!frameOrigin) throw new Error('emailWorld gave no Latch server URL')

/** A login and a few prompts on a loaded 2-core machine. */
const TEST_TIMEOUT_MS = 120_000

/** Logs a new visitor in and returns the embedded wallet's address. */
async function loggedIn(stack: Stack): Promise<Hex> {
  await logIn(stack.page, world.mailbox, freshEmail('finding5'))
  const address = await stack.page.locator('#account-address').textContent()
  if (!isHex(address) || address.length !== 42) throw new Error(`no address: ${address}`)
  return address
}

/** The playground's "Sign a message", until the frame's prompt shows. */
async function askToSign(stack: Stack): Promise<void> {
  await stack.page.getByRole('button', { name: 'Sign a message' }).click()
  await promptHeading(stack.page, FRAME_TEXT.signMessage).waitFor({ timeout: 20_000 })
}

/** What the playground shows for its signature: the signature, or 'Failed: …'. */
const signatureOutcome = (stack: Stack) => stack.page.locator('#action-signature').textContent()

/** The playground's signature outcome once it matches: a signature, or a refusal. */
const SIGNED = /^0x[0-9a-f]{130}$/
const DECLINED = /^Failed: /
const outcomeIs = (stack: Stack, expected: RegExp) =>
  expect.poll(() => signatureOutcome(stack), { timeout: 20_000 }).toMatch(expected)

const CONTRACT: Hex = '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC'
const typedData = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: CONTRACT },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  message: { contents: 'Hello, Bob!' },
}

describe('the frame’s approval against a host that wants a click it did not earn (finding 5)', () => {
  const { stack } = useStack(world.stack, {
    ...socialHooks(frameOrigin),
    // The tests' "host script": it can reach core's port to the frame, as an XSS could.
    started: (started) => started.page.context().addInitScript(keepHostPorts),
  })

  it(
    'Enter or Space pressed at once declines; Approve is enabled after the delay, and Tab then Enter approves',
    async () => {
      await loggedIn(stack)
      const { page } = stack
      for (const key of ['Enter', 'Space']) {
        await askToSign(stack)
        // The focus is in the frame, on Decline, and Approve cannot take a key yet.
        expect(await frameFocus(frameOf(page))).toEqual({ control: 'latch-decline', inFrame: true })
        expect(await approveButton(page).isDisabled()).toBe(true)
        await page.keyboard.press(key)
        await outcomeIs(stack, DECLINED)
        await promptHeading(page, FRAME_TEXT.signMessage).waitFor({ state: 'hidden' })
      }

      // Shown and left alone, Approve is enabled once the prompt has been seen for the delay.
      await askToSign(stack)
      const waited = await timeUntilApproveEnabled(page)
      console.log(`prompt shown → Approve enabled: ${Math.round(waited)} ms`)
      // The wait began when the browser first saw the prompt, a moment before the test did.
      expect(waited).toBeGreaterThanOrEqual(APPROVE_DELAY_MS - 250)
      expect(await frameAxeFindings(frameOf(page))).toEqual([])
      // Keyboard only: Tab from Decline reaches Approve, Enter approves.
      await page.keyboard.press('Tab')
      expect(await frameFocus(frameOf(page))).toEqual({ control: 'latch-approve', inFrame: true })
      await page.keyboard.press('Enter')
      await outcomeIs(stack, SIGNED)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'a host theme making the text transparent, or the colour of its background, and a host stylesheet do not hide it',
    async () => {
      await loggedIn(stack)
      const { page } = stack
      // The host page's own CSS cannot reach into the frame's document; this says so.
      await page.addStyleTag({
        content: '* { color: transparent !important; background: #fff !important; }',
      })
      expect(
        await hostRequest(page, 'SYNC_THEME', {
          themeMode: 'light',
          themeVariables: {
            '--latch-foreground': 'transparent',
            '--latch-background': '#ffffff',
            '--latch-accent': '#ffffff',
          },
        }),
      ).toEqual({ type: 'SYNC_THEME_SUCCESS' })
      await askToSign(stack)
      await expectReadablePrompt(frameOf(page))
      // A new theme reaches the prompt on show: the text the very colour of its background.
      await hostRequest(page, 'SYNC_THEME', {
        themeVariables: { '--latch-foreground': '#336699', '--latch-background': '#336699' },
      })
      await expectReadablePrompt(frameOf(page))
      await declineButton(page).click()
      await outcomeIs(stack, DECLINED)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'a host element over the prompt, or a faded frame, keeps Approve disabled; the delay starts over after',
    async () => {
      await loggedIn(stack)
      const { page } = stack
      await askToSign(stack)
      await timeUntilApproveEnabled(page)
      // A popover is in the top layer, above the frame's dialog, and takes no focus from it.
      await page.evaluate(() => {
        const cover = document.createElement('div')
        cover.id = 'cover'
        cover.popover = 'manual'
        cover.textContent = 'Click the blue button to win'
        cover.style.cssText =
          'inset:0;margin:0;width:100vw;height:100vh;border:0;opacity:0.02;pointer-events:none'
        document.body.append(cover)
        cover.showPopover()
      })
      await expect.poll(() => approveButton(page).isDisabled()).toBe(true)
      await page.waitForTimeout(3 * APPROVE_DELAY_MS)
      expect(await approveButton(page).isDisabled()).toBe(true)
      await page.evaluate(() => document.getElementById('cover')?.remove())
      expect(await timeUntilApproveEnabled(page)).toBeGreaterThanOrEqual(APPROVE_DELAY_MS - 250)

      // The frame made nearly transparent by the host's script (its shadow root is open).
      const fade = (opacity: string) =>
        page.evaluate((value) => {
          const host = document.querySelector('[data-latch-frame-host]')
          const iframe = host?.shadowRoot?.querySelector('iframe')
          if (!iframe) throw new Error('no frame')
          iframe.style.opacity = value
        }, opacity)
      await fade('0.05')
      await expect.poll(() => approveButton(page).isDisabled()).toBe(true)
      await page.waitForTimeout(3 * APPROVE_DELAY_MS)
      expect(await approveButton(page).isDisabled()).toBe(true)
      await fade('')
      await timeUntilApproveEnabled(page)
      await approveButton(page).click()
      await outcomeIs(stack, SIGNED)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'eth_signTypedData_v4 shows its domain, chain and contract, and signs that domain',
    async () => {
      const address = await loggedIn(stack)
      const { page } = stack
      const signing = hostRequest(page, 'RPC_REQUEST', {
        method: 'eth_signTypedData_v4',
        params: [address, JSON.stringify(typedData)],
      })
      // Awaited below; a failure before then must not leave it rejecting unheard.
      signing.catch(() => undefined)
      await promptHeading(page, FRAME_TEXT.signTypedData).waitFor({ timeout: 20_000 })
      const rows = await frameOf(page).evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('#approval dl > div')].map((row) => [
            row.querySelector('dt')?.textContent ?? '',
            row.querySelector('dd')?.textContent ?? '',
          ]),
        ),
      )
      expect(rows).toMatchObject({
        Type: 'Mail',
        Domain: 'Ether Mail',
        Version: '1',
        Contract: CONTRACT,
      })
      expect(rows.Chain).toMatch(/^31337 \(.+\)$/)
      await expect.poll(() => frameOf(page).locator('pre').textContent()).toContain('Hello, Bob!')
      expect(await frameAxeFindings(frameOf(page))).toEqual([])

      await timeUntilApproveEnabled(page)
      await approveButton(page).click()
      const reply = await signing
      expect(reply.type).toBe('RPC_REQUEST_SUCCESS')
      if (!isHex(reply.payload)) throw new Error(`no signature: ${JSON.stringify(reply)}`)
      const { EIP712Domain: _, ...types } = typedData.types
      expect(
        await recoverTypedDataAddress({
          domain: typedData.domain,
          types,
          primaryType: 'Mail',
          message: typedData.message,
          signature: reply.payload,
        }).then((signer) => signer.toLowerCase()),
      ).toBe(address.toLowerCase())
    },
    TEST_TIMEOUT_MS,
  )
})
