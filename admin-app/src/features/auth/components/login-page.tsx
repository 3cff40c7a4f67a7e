import { Button, Card, Input } from 'antd';

export function LoginPage() {
  return (
    <main>
      <Card title="Admin Access">
        <Input.Password placeholder="Password" aria-label="Password" />
        <Button type="primary">Login</Button>
      </Card>
    </main>
  );
}
