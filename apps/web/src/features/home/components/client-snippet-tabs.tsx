import { Tabs, Typography } from 'antd';
import { CLIENT_SNIPPETS, CLIENT_SNIPPET_LABELS, clientSnippet, type SnippetContext } from '../first-run/client-snippets';

/** One tab per client, each a snippet to copy; long lines scroll inside the block, never the page (390 px). */
export function ClientSnippetTabs({ context }: { context: SnippetContext }) {
  return (
    <Tabs
      size="small"
      data-testid="first-run-snippets"
      items={CLIENT_SNIPPETS.map((snippet) => {
        const text = clientSnippet(snippet, context);
        return {
          key: snippet,
          label: CLIENT_SNIPPET_LABELS[snippet],
          children: (
            <Typography.Paragraph copyable={{ text }} style={{ display: 'flex', alignItems: 'flex-start', gap: 4, marginBottom: 0 }}>
              <pre data-testid={`first-run-snippet-${snippet}`} style={{ flex: 1, minWidth: 0, margin: 0, overflowX: 'auto', whiteSpace: 'pre', fontSize: 12 }}>
                {text}
              </pre>
            </Typography.Paragraph>
          ),
        };
      })}
    />
  );
}
