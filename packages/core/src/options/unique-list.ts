import * as z from 'zod/mini'

/** An array whose entries are all different; a repeat is reported at its index. */
export function uniqueList<T extends z.core.SomeType>(item: T) {
  return z.array(item).check(
    z.superRefine((list, ctx) => {
      list.forEach((entry, index) => {
        if (list.indexOf(entry) !== index) {
          ctx.addIssue({
            code: 'custom',
            message: `Duplicate value ${JSON.stringify(entry)}`,
            path: [index],
          })
        }
      })
    }),
  )
}
