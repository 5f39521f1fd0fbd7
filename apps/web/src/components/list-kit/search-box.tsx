import { Input } from 'antd';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text (spec section 5: search text is trimmed). */
  onSearch: (keyword: string) => void;
  placeholder: string;
  loading?: boolean;
  testId: string;
}

/** The search box above a list; controlled, so a page can put text in it (a copy that failed). */
export function SearchBox({ value, onChange, onSearch, placeholder, loading, testId }: SearchBoxProps) {
  return (
    <Input.Search
      name="keyword"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onSearch={(text) => onSearch(text.trim())}
      placeholder={placeholder}
      loading={loading}
      allowClear
      enterButton
      data-testid={testId}
    />
  );
}
