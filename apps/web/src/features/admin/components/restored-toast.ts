import { showToast } from '../../../components/ui/toast-store.ts';

/** Said wherever an admin restores a deleted call. */
export function toastRestored() {
  showToast({
    tone: 'success',
    title: 'Call restored',
    description: 'It is back in the call log.',
  });
}
