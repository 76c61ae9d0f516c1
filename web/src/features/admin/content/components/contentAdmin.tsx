import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useState, type ComponentType } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useAction } from '@/hooks/useAction';
import { toUserMessage } from '@/lib/errors';

/** Reports a success message; the page shows it, since a deleted item is gone at once. */
export type OnDone = (message: string) => void;

/** The form of one kind of public content, for a new item (`item` null) or an existing one. */
export type ContentForm<T> = ComponentType<{
  item: T | null;
  onClose: () => void;
  onSaved: OnDone;
}>;

/** One kind of content administrators keep on a public page (winners, charity donations). */
export interface ContentKind<T> {
  addLabel: string;
  addVariant: 'contained' | 'outlined';
  /** Smaller buttons where the actions sit beside a table row rather than on a card. */
  compact: boolean;
  Form: ContentForm<T>;
  /** How the item is named in labels and the delete question. */
  nameOf: (item: T) => string;
  deleteTitle: string;
  deleteQuestion: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  /** Whether the item may be deleted at all (every item when not given). */
  removable?: (item: T) => boolean;
  messages: { deleted: string; deleteFailed: string };
}

/** The page's Add button and its form. */
export function AddContentButton<T>({ kind, onDone }: { kind: ContentKind<T>; onDone: OnDone }) {
  const [open, setOpen] = useState(false);
  const { Form } = kind;
  return (
    <>
      <Button variant={kind.addVariant} startIcon={<Add />} onClick={() => setOpen(true)}>
        {kind.addLabel}
      </Button>
      {open && (
        <Form
          item={null}
          onClose={() => setOpen(false)}
          onSaved={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      )}
    </>
  );
}

/** Edit and delete on one item, for administrators; delete asks first. */
export function ContentActions<T>({
  kind,
  item,
  onDone,
}: {
  kind: ContentKind<T>;
  item: T;
  onDone: OnDone;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAction((caught) =>
    toUserMessage(caught, kind.messages.deleteFailed),
  );
  const { Form } = kind;
  const size = kind.compact ? 'small' : 'medium';

  const remove = async () => {
    const removed = await run(async () => {
      await kind.remove(item);
      return true;
    });
    setConfirming(false);
    if (removed) onDone(kind.messages.deleted);
  };

  return (
    <>
      <Stack
        direction="row"
        spacing={kind.compact ? 0.5 : 1}
        justifyContent={kind.compact ? undefined : 'flex-end'}
      >
        <IconButton
          size={size}
          aria-label={`Edit ${kind.nameOf(item)}`}
          onClick={() => setEditing(true)}
        >
          <Edit fontSize={size} />
        </IconButton>
        {(kind.removable?.(item) ?? true) && (
          <IconButton
            size={size}
            color="error"
            aria-label={`Delete ${kind.nameOf(item)}`}
            onClick={() => setConfirming(true)}
          >
            <Delete fontSize={size} />
          </IconButton>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {editing && (
        <Form
          item={item}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            onDone(message);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={kind.deleteTitle}
          message={kind.deleteQuestion(item)}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
