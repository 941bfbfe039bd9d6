// Placeholder until the standalone server lands in this session's next commit.
console.log('Data-Import mock: coming soon');
