export function NotFoundPage() {
  return (
    <main className="shell-message">
      <h1>404 Page Not Found</h1>
      <a className="shell-button" href="/">
        Go to the home page
      </a>
    </main>
  );
}
