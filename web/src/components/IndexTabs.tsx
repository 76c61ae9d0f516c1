import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

/** Tabs chosen by position (category tabs): they scroll sideways on a phone. */
export function IndexTabs({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: ReadonlyArray<{ key: string; label: string }>;
  value: number;
  onChange: (index: number) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_, index: number) => onChange(index)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={label}
    >
      {tabs.map((tab) => (
        <Tab key={tab.key} label={tab.label} />
      ))}
    </Tabs>
  );
}
