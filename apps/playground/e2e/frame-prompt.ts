import { SECURE_FRAME_PATH } from '@latch/core'
import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'
import { secureFrame } from './email-login.js'

// The secure frame's approval prompt as a host page that wants a click it did not earn sees it
// (finding 5 of the security review): the prompt itself, what a script on the host can send the
// frame, and the colours the frame really drew.

/**
 * The frame's APPROVE_DELAY_MS (apps/secure-frame/src/visibility.ts), restated: the playground
 * does not build against the frame's source.
 */
export const APPROVE_DELAY_MS = 750

/** The frame's catalogue (apps/secure-frame/src/messages.ts): the strings these tests find. */
export const FRAME_TEXT = {
  approve: 'Approve',
  decline: 'Decline',
  signMessage: 'Sign message',
  signTypedData: 'Sign typed data',
}

export const approveButton = (page: Page) =>
  secureFrame(page).getByRole('button', { name: FRAME_TEXT.approve, exact: true })
export const declineButton = (page: Page) =>
  secureFrame(page).getByRole('button', { name: FRAME_TEXT.decline, exact: true })
export const promptHeading = (page: Page, title: string) =>
  secureFrame(page).getByRole('heading', { name: title, exact: true })

/** The secure frame itself (to read its document), once core mounted it. */
export function frameOf(page: Page): Frame {
  const frame = page
    .frames()
    .find(
      (candidate) =>
        URL.canParse(candidate.url()) && new URL(candidate.url()).pathname === SECURE_FRAME_PATH,
    )
  if (!frame) throw new Error('The secure frame is not mounted')
  return frame
}

/** Which control of the prompt has the focus, and whether the frame's document has it. */
export function frameFocus(
  frame: Frame,
): Promise<{ control: string | undefined; inFrame: boolean }> {
  return frame.evaluate(() => {
    const active = document.activeElement
    return {
      control: active instanceof HTMLElement ? active.dataset.testid : undefined,
      inFrame: document.hasFocus(),
    }
  })
}

declare global {
  interface Window {
    /** The message ports the host page started: core's frame client's is among them. */
    __latchHostPorts?: MessagePort[]
  }
}

/**
 * An init script for the host page: keeps each MessagePort it starts. Core's frame client starts
 * the port it talks to the frame on, so the "host's script" of these tests (an XSS, or a hostile
 * integrator) can talk to the frame as core does. The frame's own document is left alone.
 */
export function keepHostPorts(): void {
  if (window.top !== window) return
  const ports: MessagePort[] = []
  const start = MessagePort.prototype.start
  MessagePort.prototype.start = function (this: MessagePort) {
    ports.push(this)
    return start.call(this)
  }
  window.__latchHostPorts = ports
}

/**
 * Sends an app event to the frame on core's own port, as a script on the host page can, and
 * resolves with the frame's reply (`<EVENT>_SUCCESS` or `_ERROR`, and its payload).
 */
export function hostRequest(
  page: Page,
  type: string,
  payload: unknown,
): Promise<{ type: string; payload?: unknown }> {
  return page.evaluate(
    ([type, payload]) => {
      // The last port started is core's: the frame client starts it once the frame is READY.
      const port = window.__latchHostPorts?.at(-1)
      if (!port) throw new Error('The host page has no port to the frame')
      const id = crypto.randomUUID()
      return new Promise<{ type: string; payload?: unknown }>((resolve) => {
        const onReply = (event: MessageEvent) => {
          if (event.data?.kind !== 'reply' || event.data.id !== id) return
          port.removeEventListener('message', onReply)
          resolve({ type: String(event.data.type), payload: event.data.payload })
        }
        port.addEventListener('message', onReply)
        port.postMessage({ kind: 'request', id, type, payload })
      })
    },
    [type, payload] as const,
  )
}

/** A computed CSS colour's channels and alpha ('rgb(…)' or 'rgba(…)', as Chromium gives it). */
function channels(css: string): { rgb: number[]; alpha: number } {
  const numbers = (css.match(/[\d.]+/g) ?? []).map(Number)
  return { rgb: numbers.slice(0, 3), alpha: numbers[3] ?? 1 }
}

/** WCAG 2's contrast of a text colour on an opaque background; a see-through text counts as 1. */
export function contrastOf(text: string, background: string): number {
  const fg = channels(text)
  const bg = channels(background)
  if (fg.alpha < 1 || bg.alpha < 1) return 1
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((value) => {
      const c = value / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(fg.rgb), luminance(bg.rgb)].sort((a, b) => b - a)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

/**
 * Each text of the prompt, with the colour the frame computed for it and the background it sits
 * on: the prompt's own for its text and Decline, Approve's for Approve's label.
 */
export function promptColours(frame: Frame) {
  return frame.evaluate(() => {
    const root = document.getElementById('approval')
    if (!root) throw new Error('no prompt')
    const background = getComputedStyle(root).backgroundColor
    const texts = root.querySelectorAll('h1, p, dt, dd, pre, button')
    return [...texts]
      .filter((element) => (element.textContent ?? '').trim() !== '')
      .map((element) => {
        const style = getComputedStyle(element)
        const own = element.matches('[data-testid="latch-approve"]')
        return {
          text: (element.textContent ?? '').slice(0, 40),
          color: style.color,
          background: own ? style.backgroundColor : background,
        }
      })
  })
}

/** Expects every text of the prompt to read: 4.5:1 at least (WCAG AA), none see-through. */
export async function expectReadablePrompt(frame: Frame): Promise<void> {
  const colours = await promptColours(frame)
  expect(colours.length).toBeGreaterThan(3)
  for (const { text, color, background } of colours) {
    expect(
      contrastOf(color, background),
      `${text}: ${color} on ${background}`,
    ).toBeGreaterThanOrEqual(4.5)
  }
}

/** Resolves with how long Approve stayed disabled from now, polling every 25 ms. */
export async function timeUntilApproveEnabled(page: Page, timeout = 10_000): Promise<number> {
  const since = performance.now()
  await expect.poll(() => approveButton(page).isEnabled(), { timeout, interval: 25 }).toBe(true)
  return performance.now() - since
}
