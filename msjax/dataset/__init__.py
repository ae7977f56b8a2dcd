"""`mindspore.dataset`: data pipelines on Grain (implementation in msjax/_src/dataset)."""
# ruff: noqa: F401
from msjax import context as context  # MindSpore's package imports it (`dataset.context`)
from msjax._src.dataset.batching import BatchDataset as BatchDataset
from msjax._src.dataset.cache import DatasetCache as DatasetCache
from msjax._src.dataset.batching import BatchInfo as BatchInfo
from msjax._src.dataset.batching import BucketBatchByLengthDataset as BucketBatchByLengthDataset
from msjax._src.dataset.batching import PaddedBatchDataset as PaddedBatchDataset
from msjax._src.dataset.engine import ConcatDataset as ConcatDataset
from msjax._src.dataset.engine import Dataset as Dataset
from msjax._src.dataset.engine import FilterDataset as FilterDataset
from msjax._src.dataset.engine import MapDataset as MapDataset
from msjax._src.dataset.engine import ProjectDataset as ProjectDataset
from msjax._src.dataset.engine import RenameDataset as RenameDataset
from msjax._src.dataset.engine import RepeatDataset as RepeatDataset
from msjax._src.dataset.synchronising import SyncWaitDataset as SyncWaitDataset
from msjax._src.dataset.engine import ShuffleDataset as ShuffleDataset
from msjax._src.dataset.engine import SkipDataset as SkipDataset
from msjax._src.dataset.engine import TakeDataset as TakeDataset
from msjax._src.dataset.engine import ZipDataset as ZipDataset
from msjax._src.dataset.engine import zip_datasets as zip
from msjax._src.dataset.file_sources import CSVDataset as CSVDataset
from msjax._src.dataset.file_sources import Cifar100Dataset as Cifar100Dataset
from msjax._src.dataset.file_sources import Cifar10Dataset as Cifar10Dataset
from msjax._src.dataset.file_sources import FashionMnistDataset as FashionMnistDataset
from msjax._src.dataset.annotated_sources import CelebADataset as CelebADataset
from msjax._src.dataset.annotated_sources import CocoDataset as CocoDataset
from msjax._src.dataset.file_sources import ImageFolderDataset as ImageFolderDataset
from msjax._src.dataset.file_sources import SUN397Dataset as SUN397Dataset
from msjax._src.dataset.annotated_sources import VOCDataset as VOCDataset
from msjax._src.dataset.file_sources import MnistDataset as MnistDataset
from msjax._src.dataset.samplers import Shuffle as Shuffle
from msjax._src.dataset.file_sources import TextFileDataset as TextFileDataset
from msjax._src.dataset.iterators import DictIterator as DictIterator
from msjax._src.dataset.iterators import TupleIterator as TupleIterator
from msjax._src.dataset.mindrecord_reader import MindDataset as MindDataset
from msjax._src.dataset.samplers import DistributedSampler as DistributedSampler
from msjax._src.dataset.samplers import IterSampler as IterSampler
from msjax._src.dataset.samplers import PKSampler as PKSampler
from msjax._src.dataset.samplers import RandomSampler as RandomSampler
from msjax._src.dataset.samplers import Sampler as Sampler
from msjax._src.dataset.samplers import SequentialSampler as SequentialSampler
from msjax._src.dataset.samplers import SubsetRandomSampler as SubsetRandomSampler
from msjax._src.dataset.samplers import SubsetSampler as SubsetSampler
from msjax._src.dataset.samplers import WeightedRandomSampler as WeightedRandomSampler
from msjax._src.dataset.schema import Schema as Schema
from msjax._src.dataset.serialization import compare as compare
from msjax._src.dataset.serialization import deserialize as deserialize
from msjax._src.dataset.serialization import serialize as serialize
from msjax._src.dataset.serialization import show as show
from msjax._src.dataset.sources import GeneratorDataset as GeneratorDataset
from msjax._src.dataset.sources import NumpySlicesDataset as NumpySlicesDataset
from msjax._src.dataset.sources import PaddedDataset as PaddedDataset
from msjax._src.dataset.tfrecord import TFRecordDataset as TFRecordDataset
from msjax.dataset import config as config
from msjax.dataset import text as text
from msjax.dataset import transforms as transforms
from msjax.dataset import vision as vision

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
