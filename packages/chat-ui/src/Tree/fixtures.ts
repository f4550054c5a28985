import type { TreeNode } from './Tree.js';

export const faq: TreeNode[] = [
  {
    title: 'Orders',
    children: [
      {
        title: 'Where is my order?',
        content: 'Track it from your account, under Orders.',
        link: 'https://example.com/track',
      },
      {
        title: 'Changing an order',
        children: [{ title: 'Can I change the address?' }, { title: 'Can I add an item?' }],
      },
    ],
  },
  { title: 'Returns', content: 'Return any item within 30 days; pickup is free.' },
  { title: 'Talk to an agent' },
];
