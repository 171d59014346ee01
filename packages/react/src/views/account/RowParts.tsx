import type { ReactNode } from 'react'

/** A row's text column: its title above its muted details. */
export function RowText({ children }: { children: ReactNode }) {
  return <span style={{ display: 'flex', flexDirection: 'column' }}>{children}</span>
}

/** A row's trailing column, pushed to the row's end: its amount above its details. */
export function RowEnd({ children }: { children: ReactNode }) {
  return (
    <span
      style={{
        marginInlineStart: 'auto',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
      }}
    >
      {children}
    </span>
  )
}
