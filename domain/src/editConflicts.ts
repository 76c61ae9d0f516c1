/**
 * An administrator's save over a change saved since their form was filled (another
 * administrator, another tab) is refused rather than undoing that change: the form sends the
 * version it opened (`seenUpdatedAtSchema`), and the refusal tells them to reopen it.
 */
export const changedSinceOpened = (subject: string): string =>
  `${subject} has changed since you opened it: close the form and open it again to edit the ` +
  'latest version';
