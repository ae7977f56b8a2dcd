"""DistributedSampler's `offset` (other than -1): the rows each shard reads and
get_dataset_size, for plain sources, shuffled or not, over two epochs, with num_samples, a shard
left with no rows, and an offset beyond num_shards (MindSpore's error). One `label -> result`
line per case."""
import mindspore.dataset as ds


def case(label, make, epochs=1):
    try:
        data = make()
        size = data.get_dataset_size()
        it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
        rows = [[int(row[0]) for row in it] for _ in range(epochs)]
        print(f"{label} -> size={size} rows={rows}")
    except Exception as error:  # noqa: BLE001
        message = [line for line in str(error).splitlines() if line.startswith("[ERROR]")]
        print(f"{label} -> {type(error).__name__}: {message[0] if message else str(error)}")


def sliced(count, shards, shard, shuffle, **kwargs):
    return lambda: ds.NumpySlicesDataset(
        list(range(count)), ["x"], sampler=ds.DistributedSampler(shards, shard, shuffle, **kwargs))


ds.config.set_seed(3)
for count in (7, 10):
    for shards in (2, 3, 4):
        for offset in (-1, 0, 1, 2, shards):
            for shuffle in (False, True):
                for shard in range(shards):
                    case(f"rows={count} shards={shards} shard={shard} offset={offset} shuffle={shuffle}",
                         sliced(count, shards, shard, shuffle, offset=offset))
for count in (1, 2):
    for shards in (3, 4):
        for offset in (0, 1):
            for shard in range(shards):
                case(f"rows={count} shards={shards} shard={shard} offset={offset}",
                     sliced(count, shards, shard, False, offset=offset))
case("num_samples=2 offset=1", sliced(10, 3, 0, False, num_samples=2, offset=1))
case("num_samples=5 offset=2 shard 2", sliced(10, 3, 2, False, num_samples=5, offset=2))
case("offset=-2", sliced(10, 3, 0, False, offset=-2))
case("offset=3 == shards", sliced(10, 3, 0, False, offset=3))
for offset, shard in ((5, 0), (4, 1)):
    case(f"offset={offset} > shards shard={shard}", sliced(10, 3, shard, False, offset=offset))
case("two epochs shuffled offset=1", sliced(10, 3, 1, True, offset=1), epochs=2)
case("two epochs offset=2 shard 0", sliced(10, 3, 0, True, offset=2), epochs=2)
