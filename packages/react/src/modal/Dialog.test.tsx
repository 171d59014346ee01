import { act, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog } from './Dialog.js'

function Harness({ onRequestClose = vi.fn() }: { onRequestClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <p>Background</p>
      <Dialog
        open={open}
        labelledBy="title"
        onRequestClose={() => (onRequestClose(), setOpen(false))}
      >
        <h2 id="title">Connect</h2>
        <button>First</button>
        <input aria-label="Search" />
        <button>Last</button>
      </Dialog>
    </>
  )
}

describe('Dialog (WAI-ARIA modal dialog)', () => {
  it('is a dialog, modal, labelled by its title', async () => {
    render(<Harness />)
    await userEvent.click(screen.getByText('Open'))
    const dialog = screen.getByRole('dialog', { name: 'Connect' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
  })

  it('moves focus in on open and traps Tab and Shift+Tab, inputs included', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(screen.getByText('Open'))
    expect(document.activeElement).toBe(screen.getByText('First'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Search'))
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByText('First'))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByText('Last'))
  })

  it('Escape asks to close, and focus returns to the opener', async () => {
    const user = userEvent.setup()
    const onRequestClose = vi.fn()
    render(<Harness onRequestClose={onRequestClose} />)
    const opener = screen.getByText('Open')
    await user.click(opener)
    const dialog = screen.getByRole('dialog')
    // jsdom does not turn Escape into the dialog's cancel event; fire the event the browser sends.
    await act(async () => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })))
    expect(onRequestClose).toHaveBeenCalledOnce()
    expect(document.activeElement).toBe(opener)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a click on the backdrop asks to close; a click inside does not', async () => {
    const user = userEvent.setup()
    const onRequestClose = vi.fn()
    render(<Harness onRequestClose={onRequestClose} />)
    await user.click(screen.getByText('Open'))
    await user.click(screen.getByText('First'))
    expect(onRequestClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('dialog'))
    expect(onRequestClose).toHaveBeenCalledOnce()
  })
})
