// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { domApprover, type ApprovalRequest } from './approval.js'

const request: ApprovalRequest = {
  id: 'r-1',
  method: 'personal_sign',
  title: 'Sign message',
  fields: [{ label: 'Network', value: '<b>Devnet</b>' }],
  details: { label: 'Message', value: '<img src=x onerror=alert(1)>' },
}

function setup() {
  const root = document.createElement('div')
  root.hidden = true
  document.body.replaceChildren(root)
  return {
    root,
    approve: domApprover(root, () => ({ name: 'Demo app', url: 'https://demo.example' })),
  }
}

/** The UI is drawn once the requests before it are settled: a turn later. */
const drawn = () => new Promise((resolve) => setTimeout(resolve, 0))

const button = (root: HTMLElement, id: string) => {
  const found = root.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)
  if (!found) throw new Error(`no ${id}`)
  return found
}

describe('the frame’s approval UI', () => {
  it('shows what is asked as text, and who asks', async () => {
    const { root, approve } = setup()
    void approve(request, new AbortController().signal)
    await drawn()
    expect(root.hidden).toBe(false)
    expect(root.getAttribute('role')).toBe('dialog')
    expect(root.querySelector('pre')?.textContent).toBe(request.details?.value)
    expect(root.querySelector('dd')?.textContent).toBe('<b>Devnet</b>')
    expect(root.querySelector('img, b')).toBeNull()
    expect(root.textContent).toContain('Requested by Demo app (https://demo.example)')
  })

  it('is not approved by a script’s click, only declined', async () => {
    const { root, approve } = setup()
    const answer = approve(request, new AbortController().signal)
    await drawn()
    button(root, 'latch-approve').click() // untrusted: ignored
    expect(root.hidden).toBe(false)
    button(root, 'latch-decline').click()
    expect(await answer).toBe(false)
    expect(root.hidden).toBe(true)
  })

  it('settles as declined when the host cancels the request', async () => {
    const { root, approve } = setup()
    const controller = new AbortController()
    const answer = approve(request, controller.signal)
    controller.abort()
    expect(await answer).toBe(false)
    expect(root.childElementCount).toBe(0)
  })
})
