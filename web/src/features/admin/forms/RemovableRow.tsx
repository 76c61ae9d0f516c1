import DeleteOutline from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** One row of a form's list (a bundle, an instant prize): its fields side by side and Remove. */
export function RemovableRow({
  label,
  removeLabel,
  onRemove,
  children,
}: {
  /** Names the row as a group, for fields whose own labels repeat from row to row. */
  label?: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      alignItems={{ sm: 'flex-start' }}
      role={label ? 'group' : undefined}
      aria-label={label}
    >
      {children}
      <IconButton
        aria-label={removeLabel}
        onClick={onRemove}
        sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
      >
        <DeleteOutline />
      </IconButton>
    </Stack>
  );
}
