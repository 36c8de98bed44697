// The account links (AccountLinks.astro): the signed-in group once the user store knows.
// Run by the shell's one module (index.ts), as are the other parts of the shell.
import { $user } from '../../../stores/account.ts';

// The page's one user call (src/stores/account.ts); its failure is only logged there
// (spec account-and-shell 8), and the guest links stay.
$user.subscribe(({ fetched, failed, user }) => {
  if (!fetched || failed) return;
  for (const group of document.querySelectorAll<HTMLElement>('[data-account]')) {
    group.hidden = (group.dataset['account'] === 'user') !== (user !== null);
  }
});
